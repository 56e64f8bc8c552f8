// How the Analytics screen writes numbers, days and times (UTC).

export const whole = (value: number) => Math.round(value).toLocaleString('en-US');
export const time = (ms: number) => new Date(ms).toISOString().slice(11, 16);
export const date = (ms: number) => new Date(ms).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
