import type { ReactElement, SVGProps } from 'react';

// A small hand-drawn icon set on a 24 px grid. Line icons use currentColor strokes;
// brand marks are filled shapes so they stay recognisable at 16–24 px.

const line = (d: string) => <path d={d} />;

const gearTeeth = Array.from({ length: 8 }, (_, i) => {
  const a = (i * Math.PI) / 4;
  const r1 = 7.6;
  const r2 = 10.2;
  const f = (n: number) => n.toFixed(2);
  return `M${f(12 + r1 * Math.cos(a))} ${f(12 + r1 * Math.sin(a))}L${f(12 + r2 * Math.cos(a))} ${f(12 + r2 * Math.sin(a))}`;
}).join('');

const strokeIcons = {
  menu: line('M4 6h16M4 12h16M4 18h16'),
  close: line('M6 6l12 12M18 6L6 18'),
  plus: line('M12 5v14M5 12h14'),
  'chevron-down': line('M6 9l6 6 6-6'),
  'chevron-up': line('M6 15l6-6 6 6'),
  'chevron-left': line('M15 6l-6 6 6 6'),
  'chevron-right': line('M9 6l6 6-6 6'),
  'arrow-right': line('M5 12h14M13 6l6 6-6 6'),
  check: line('M20 6L9 17l-5-5'),
  bell: (
    <>
      <path d="M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15L6 16z" />
      <path d="M10 21h4" />
    </>
  ),
  layers: (
    <>
      <path d="M12 3l9 4.5-9 4.5-9-4.5L12 3z" />
      <path d="M3 12l9 4.5 9-4.5" />
      <path d="M3 16.5l9 4.5 9-4.5" />
    </>
  ),
  upload: (
    <>
      <path d="M4 15v3a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-3" />
      <path d="M12 15V4M7 9l5-5 5 5" />
    </>
  ),
  download: (
    <>
      <path d="M4 15v3a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-3" />
      <path d="M12 4v11M7 10l5 5 5-5" />
    </>
  ),
  dollar: line('M12 2v20M16.5 6H10a3 3 0 0 0 0 6h4a3 3 0 0 1 0 6H7'),
  bank: (
    <>
      <path d="M3 9.5L12 4l9 5.5H3z" />
      <path d="M5 10v8M9.7 10v8M14.3 10v8M19 10v8M3 20.5h18" />
    </>
  ),
  chart: (
    <>
      <path d="M4 4v16h16" />
      <path d="M7.5 15l3.5-4 3 2.5L19 8" />
    </>
  ),
  archive: (
    <>
      <rect x="3" y="4" width="18" height="4.5" rx="1" />
      <path d="M5 8.5V19a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1V8.5M10 12.5h4" />
    </>
  ),
  offers: (
    <>
      <path d="M3.5 12.2V4.5a1 1 0 0 1 1-1h7.7l8.3 8.3a1.5 1.5 0 0 1 0 2.1l-6.2 6.2a1.5 1.5 0 0 1-2.1 0L3.5 12.2z" />
      <circle cx="8" cy="8" r="1.5" />
    </>
  ),
  earnings: (
    <>
      <path d="M4 7.5h15a1 1 0 0 1 1 1V19a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7.5zm0 0V6a2 2 0 0 1 2-2h10v3.5" />
      <path d="M20 11.5h-4a2 2 0 0 0 0 4h4" />
    </>
  ),
  help: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6v.6M12 17.2v.3" />
    </>
  ),
  info: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 11v6M12 7.5v.3" />
    </>
  ),
  alert: (
    <>
      <path d="M12 3.5l9.5 16.5h-19L12 3.5z" />
      <path d="M12 10v4.5M12 17.2v.3" />
    </>
  ),
  'check-circle': (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M8 12.5l2.8 2.8L16.5 9.5" />
    </>
  ),
  'x-circle': (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M9 9l6 6M15 9l-6 6" />
    </>
  ),
  link: (
    <>
      <path d="M10 14a4 4 0 0 0 5.7 0l3.6-3.6a4 4 0 0 0-5.7-5.7l-1.1 1.1" />
      <path d="M14 10a4 4 0 0 0-5.7 0l-3.6 3.6a4 4 0 0 0 5.7 5.7l1.1-1.1" />
    </>
  ),
  external: line('M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5'),
  extension: (
    <>
      <rect x="2.5" y="4" width="19" height="13" rx="2" />
      <path d="M8 21h8M12 17v4M10.5 8.5v5l4-2.5-4-2.5z" />
    </>
  ),
  user: (
    <>
      <circle cx="12" cy="8" r="4" />
      <path d="M4.5 20.5a7.5 7.5 0 0 1 15 0" />
    </>
  ),
  settings: (
    <>
      <circle cx="12" cy="12" r="3" />
      <circle cx="12" cy="12" r="7.6" />
      <path d={gearTeeth} />
    </>
  ),
  logout: (
    <>
      <path d="M10 20H6a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2h4" />
      <path d="M15 16.5l4.5-4.5L15 7.5M19.5 12H9.5" />
    </>
  ),
  eye: (
    <>
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
    </>
  ),
  'eye-off': (
    <>
      <path d="M9.9 5.2A10 10 0 0 1 12 5c6.4 0 10 7 10 7a17 17 0 0 1-2.7 3.6M6.2 6.6A16.6 16.6 0 0 0 2 12s3.6 7 10 7a9.6 9.6 0 0 0 5.1-1.5" />
      <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2M3 3l18 18" />
    </>
  ),
  calendar: (
    <>
      <rect x="3.5" y="5" width="17" height="15.5" rx="2" />
      <path d="M3.5 10h17M8 3v4M16 3v4" />
    </>
  ),
  play: <path d="M7 4.5v15l12.5-7.5L7 4.5z" />,
  mail: (
    <>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="M3.5 6.5l8.5 6.5 8.5-6.5" />
    </>
  ),
  trash: line('M4 7h16M9.5 7V4.5h5V7M6 7l1 13h10l1-13M10 11v5.5M14 11v5.5'),
  search: (
    <>
      <circle cx="11" cy="11" r="6.5" />
      <path d="M16 16l4.5 4.5" />
    </>
  ),
  clock: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </>
  ),
  image: (
    <>
      <rect x="3" y="4" width="18" height="16" rx="2" />
      <circle cx="9" cy="9.5" r="1.8" />
      <path d="M21 16l-5-5-9 9" />
    </>
  ),
  send: line('M21 3L10.5 13.5M21 3l-6.5 18-4-7.5L3 9.5 21 3z'),
} satisfies Record<string, ReactElement>;

const brandIcons = {
  twitch: (
    <path
      fillRule="evenodd"
      d="M4.3 2L2.8 5.8V19h4.6v3h2.6l3-3h3.7L22 13.7V2H4.3zm15.6 10.7l-3.2 3.2h-4.4l-3 3v-3H5.6V4h14.3v8.7zM15.2 6.9h2v5.5h-2V6.9zm-5 0h2v5.5h-2V6.9z"
    />
  ),
  youtube: (
    <path
      fillRule="evenodd"
      d="M22.5 7.2a2.9 2.9 0 0 0-2-2C18.6 4.7 12 4.7 12 4.7s-6.6 0-8.5.5a2.9 2.9 0 0 0-2 2A30 30 0 0 0 1 12a30 30 0 0 0 .5 4.8 2.9 2.9 0 0 0 2 2c1.9.5 8.5.5 8.5.5s6.6 0 8.5-.5a2.9 2.9 0 0 0 2-2A30 30 0 0 0 23 12a30 30 0 0 0-.5-4.8zM9.8 15.2V8.8l5.6 3.2-5.6 3.2z"
    />
  ),
  facebook: (
    <path d="M23 12a11 11 0 1 0-12.7 10.9v-7.7H7.5V12h2.8V9.6c0-2.8 1.6-4.3 4.2-4.3 1.2 0 2.5.2 2.5.2v2.7h-1.4c-1.4 0-1.8.9-1.8 1.7V12h3.1l-.5 3.2h-2.6v7.7A11 11 0 0 0 23 12z" />
  ),
  instagram: (
    <path
      fillRule="evenodd"
      d="M7.5 2h9A5.5 5.5 0 0 1 22 7.5v9a5.5 5.5 0 0 1-5.5 5.5h-9A5.5 5.5 0 0 1 2 16.5v-9A5.5 5.5 0 0 1 7.5 2zm0 2A3.5 3.5 0 0 0 4 7.5v9A3.5 3.5 0 0 0 7.5 20h9a3.5 3.5 0 0 0 3.5-3.5v-9A3.5 3.5 0 0 0 16.5 4h-9zM12 7a5 5 0 1 1 0 10 5 5 0 0 1 0-10zm0 2a3 3 0 1 0 0 6 3 3 0 0 0 0-6zm5.3-3.6a1.3 1.3 0 1 1 0 2.6 1.3 1.3 0 0 1 0-2.6z"
    />
  ),
  twitter: (
    <path
      fillRule="evenodd"
      d="M17.8 3h3.1l-6.8 7.7L22 21h-6.2l-4.9-6.3L5.3 21H2.2l7.2-8.2L1.8 3h6.4l4.4 5.8L17.8 3zm-1.1 16.2h1.7L7.4 4.7H5.6l11.1 14.5z"
    />
  ),
  discord: (
    <path
      fillRule="evenodd"
      d="M19.6 5.3A17 17 0 0 0 15.4 4l-.5 1.1a15.7 15.7 0 0 0-5.8 0L8.6 4a17 17 0 0 0-4.2 1.3C1.7 9.2 1 13.1 1.3 16.9a17 17 0 0 0 5.2 2.6l1.1-1.8c-.6-.2-1.2-.5-1.7-.8l.4-.3a12.2 12.2 0 0 0 11.4 0l.4.3c-.5.3-1.1.6-1.7.8l1.1 1.8a17 17 0 0 0 5.2-2.6c.4-4.4-.7-8.3-3.1-11.6zM8.7 14.6c-1 0-1.9-.9-1.9-2.1s.8-2.1 1.9-2.1c1 0 1.9.9 1.9 2.1s-.8 2.1-1.9 2.1zm6.6 0c-1 0-1.9-.9-1.9-2.1s.8-2.1 1.9-2.1c1 0 1.9.9 1.9 2.1s-.8 2.1-1.9 2.1z"
    />
  ),
  paypal: (
    <>
      <path d="M8.1 21.5H4.3a.6.6 0 0 1-.6-.7L6.6 3a.8.8 0 0 1 .8-.7h6.4c3.4 0 5.5 1.7 4.9 5-.6 3.7-3.1 5.3-6.4 5.3H10a.8.8 0 0 0-.8.7l-1.1 8.2z" />
      <path
        opacity="0.55"
        d="M19.4 7.6c1.3.9 1.8 2.4 1.5 4.3-.6 3.3-2.8 4.9-6 4.9h-1.5a.7.7 0 0 0-.7.6l-.7 4.1a.5.5 0 0 1-.5.4H8.9l.3-1.9.9-5.9h1.8c3.9 0 6.8-1.9 7.5-6.5z"
      />
    </>
  ),
  google: (
    <>
      <path
        fill="#4285F4"
        d="M22.5 12.2c0-.8-.1-1.5-.2-2.2H12v4.2h5.9a5 5 0 0 1-2.2 3.3v2.7h3.5c2.1-1.9 3.3-4.7 3.3-8z"
      />
      <path
        fill="#34A853"
        d="M12 23c3 0 5.5-1 7.2-2.7l-3.5-2.7c-1 .7-2.2 1-3.7 1-2.9 0-5.3-1.9-6.2-4.5H2.2v2.8A11 11 0 0 0 12 23z"
      />
      <path fill="#FBBC05" d="M5.8 14.1a6.6 6.6 0 0 1 0-4.2V7.1H2.2a11 11 0 0 0 0 9.8l3.6-2.8z" />
      <path
        fill="#EA4335"
        d="M12 5.4c1.6 0 3.1.6 4.2 1.6l3.1-3.1A11 11 0 0 0 2.2 7.1l3.6 2.8C6.7 7.3 9.1 5.4 12 5.4z"
      />
    </>
  ),
} satisfies Record<string, ReactElement>;

export type IconName = keyof typeof strokeIcons | keyof typeof brandIcons;

export const iconNames = [...Object.keys(strokeIcons), ...Object.keys(brandIcons)] as IconName[];

export type IconProps = Omit<SVGProps<SVGSVGElement>, 'name'> & {
  name: IconName;
  /** Pixel size of the square icon (default 20). */
  size?: number;
  /** Gives the icon an accessible name; without it the icon is decorative (aria-hidden). */
  title?: string;
};

export function Icon({ name, size = 20, title, ...rest }: IconProps) {
  const isBrand = name in brandIcons;
  const body = isBrand ? brandIcons[name as keyof typeof brandIcons] : strokeIcons[name as keyof typeof strokeIcons];
  const labelled = title !== undefined && title !== '';
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill={isBrand ? 'currentColor' : 'none'}
      stroke={isBrand ? 'none' : 'currentColor'}
      strokeWidth={isBrand ? undefined : 1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      focusable="false"
      {...(labelled ? { role: 'img', 'aria-label': title } : { 'aria-hidden': true })}
      {...rest}
    >
      {labelled ? <title>{title}</title> : null}
      {body}
    </svg>
  );
}
