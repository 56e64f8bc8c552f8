// A string only the offline inspector panel carries: the bundle check looks for it in production builds.
export const INSPECTOR_PANEL_MARKER = 'castbridge-offline-inspector-panel';
