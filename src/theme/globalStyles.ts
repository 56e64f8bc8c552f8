// The global styles entry: import it once from src/main.tsx (`import './theme/globalStyles'`).
// The font is imported here, in a plain module, because vanilla-extract drops side-effect imports
// made inside .css.ts files; from here Vite bundles the self-hosted Inter woff2 files.
import '@fontsource-variable/inter';
import './global.css';
