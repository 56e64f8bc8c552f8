// THE sample-data module: the static figures and placeholder content the spec calls sample data
// (SPEC §1 "Many dashboard screens show static sample data", §2, §3, §9). Nothing else in the app is hard-coded data.
// Each section belongs to the screen named in its heading.

// --- Analytics charts (SPEC §2 Analytics) ---


/** One chart's series: labelled points in display order. */
export interface ChartSeries {
  /** Chart title, also the card heading. */
  title: string;
  kind: 'line' | 'bar';
  /** What one value counts, for the text alternative ("followers", "USD"). */
  unit: string;
  /** Values are US dollars (shown with $). */
  currency?: boolean;
  points: { label: string; value: number }[];
}

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const monthly = (values: number[]) => values.map((value, i) => ({ label: months[i]!, value }));

export const analyticsCharts: { twitch: ChartSeries[]; youtube: ChartSeries[] } = {
  twitch: [
    { title: 'Followers', kind: 'line', unit: 'followers', points: monthly([1200, 1340, 1510, 1580, 1820, 2050, 2210, 2480, 2630, 2900, 3150, 3420]) },
    { title: 'Viewers', kind: 'bar', unit: 'average viewers', points: monthly([85, 92, 110, 104, 131, 147, 139, 162, 175, 168, 190, 214]) },
    { title: 'Donations', kind: 'bar', unit: 'USD', currency: true, points: monthly([120, 95, 180, 210, 160, 240, 275, 230, 310, 290, 355, 420]) },
  ],
  youtube: [
    { title: 'Subscribers', kind: 'line', unit: 'subscribers', points: monthly([860, 910, 990, 1080, 1150, 1260, 1390, 1470, 1600, 1720, 1810, 1960]) },
    { title: 'Donations', kind: 'bar', unit: 'USD', currency: true, points: monthly([60, 75, 70, 110, 95, 130, 150, 140, 185, 170, 205, 240]) },
  ],
};

