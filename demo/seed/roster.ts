// The demo roster (docs/product.md "Demo seed", §Discovery and negotiation): eight more creators beside the demo
// creator, so that brand search (/creators) on `npm start` is a directory to filter rather than one card. Ordinary
// rows made as the seed makes the demo creator — an account with a profile (English or Spanish, six countries,
// Gaming, each their own content), channels on the local Twitch and/or YouTube stand-ins with a year of figures at
// very different scales (40 to 12,000 live viewers today; search shows each one's 90-day average, a little lower), a
// published media kit — and, for four of them, past sponsorships with Nova Energy completed through the ledger as the
// demo creator's were (server/seed/money.ts). They have no password and are not in demo-accounts.txt: nobody signs in
// as them. Seeded only where both platforms are the stand-ins (a channel elsewhere could not be connected without its
// owner), once, with the rest of the demo world; the demo campaigns' matching job offers to them as to anyone.
//
// The stand-ins start each roster channel at the figures below (server/standins/oauth.ts standInFigures), so the
// collector's readings continue the seeded year instead of jumping to the stand-in's hashed defaults.
import type { ConnectPlatform } from '../../contract/connections.ts';
import type { CompletedVia } from '../../server/marketplace/completion.ts';

/** A roster channel: the stand-in's channel name, what Castbridge keeps of it, and where its figures stand today. */
export interface RosterChannel {
  channel: string;
  login: string;
  displayName: string;
  /** Twitch followers, or YouTube subscribers. */
  followers: number;
  /** Live viewers today (the seeded year grows to it; the stand-in's live channel reports it). */
  viewers: number;
}

export interface RosterCreator {
  handle: string;
  profile: {
    first_name: string;
    last_name: string;
    date_birth: string;
    gender: 'Male' | 'Female';
    country: string;
    city: string;
    language: 'English' | 'Spanish';
    about: string;
    job_title: string;
    tier: 1 | 2 | 3;
    category: 'Gaming';
    type_content: string;
  };
  channels: Partial<Record<ConnectPlatform, RosterChannel>>;
  /** Past sponsorships with Nova Energy, completed `monthsBack` months ago. */
  sponsorships: { title: string; payCents: number; via: CompletedVia; monthsBack: number }[];
}

export const ROSTER: readonly RosterCreator[] = [
  {
    handle: 'lunaplays',
    profile: {
      first_name: 'Valentina',
      last_name: 'Ortiz',
      date_birth: '1995-03-02',
      gender: 'Female',
      country: 'Mexico',
      city: 'Guadalajara',
      language: 'Spanish',
      about: 'Battle royale todas las noches y variedad los domingos, con una comunidad que no duerme.',
      job_title: 'Streamer',
      tier: 3,
      category: 'Gaming',
      type_content: 'Battle royale and variety streams in Spanish, nightly',
    },
    channels: {
      twitch: {
        channel: 'lunaplays_mx',
        login: 'lunaplays_mx',
        displayName: 'LunaPlays_MX',
        followers: 640_000,
        viewers: 12_000,
      },
      youtube: {
        channel: 'lunaplaysmx',
        login: '@lunaplaysmx',
        displayName: 'LunaPlays',
        followers: 410_000,
        viewers: 3_100,
      },
    },
    sponsorships: [
      { title: 'Nova Copa Nocturna', payCents: 180_000, via: 'overlay', monthsBack: 2 },
      { title: 'Nova Noches de Squad', payCents: 150_000, via: 'advertiser', monthsBack: 5 },
      { title: 'Nova Temporada 3', payCents: 120_000, via: 'overlay', monthsBack: 9 },
    ],
  },
  {
    handle: 'speedqueen',
    profile: {
      first_name: 'Maya',
      last_name: 'Johnson',
      date_birth: '1993-11-21',
      gender: 'Female',
      country: 'United States',
      city: 'Seattle',
      language: 'English',
      about: 'Any% world records, route planning on stream and a very patient chat.',
      job_title: 'Speedrunner',
      tier: 3,
      category: 'Gaming',
      type_content: 'Speedruns of platformers and Zelda, route planning and race nights',
    },
    channels: {
      twitch: {
        channel: 'speedqueen',
        login: 'speedqueen',
        displayName: 'SpeedQueen',
        followers: 352_000,
        viewers: 5_600,
      },
      youtube: {
        channel: 'speedqueenruns',
        login: '@speedqueenruns',
        displayName: 'SpeedQueen Runs',
        followers: 128_000,
        viewers: 900,
      },
    },
    sponsorships: [
      { title: 'Nova Marathon Relay', payCents: 95_000, via: 'advertiser', monthsBack: 3 },
      { title: 'Nova Frame Perfect', payCents: 80_000, via: 'overlay', monthsBack: 7 },
    ],
  },
  {
    handle: 'gauchogamer',
    profile: {
      first_name: 'Tomás',
      last_name: 'Fernández',
      date_birth: '1998-07-09',
      gender: 'Male',
      country: 'Argentina',
      city: 'Buenos Aires',
      language: 'Spanish',
      about: 'Fútbol en la consola, torneos con la comunidad y mucho mate.',
      job_title: 'Streamer',
      tier: 2,
      category: 'Gaming',
      type_content: 'Football games: EA FC career mode and community tournaments',
    },
    channels: {
      twitch: {
        channel: 'gauchogamer',
        login: 'gauchogamer',
        displayName: 'GauchoGamer',
        followers: 184_000,
        viewers: 2_400,
      },
      youtube: {
        channel: 'gauchogamerok',
        login: '@gauchogamerok',
        displayName: 'Gaucho Gamer',
        followers: 96_000,
        viewers: 650,
      },
    },
    sponsorships: [{ title: 'Nova Copa Gaucha', payCents: 60_000, via: 'advertiser', monthsBack: 4 }],
  },
  {
    handle: 'retrorosa',
    profile: {
      first_name: 'Rosa',
      last_name: 'Martín',
      date_birth: '1990-01-30',
      gender: 'Female',
      country: 'Spain',
      city: 'Valencia',
      language: 'Spanish',
      about: 'Clásicos de 8 y 16 bits, cartuchos originales y charlas sobre la historia del videojuego.',
      job_title: 'Creadora de contenido',
      tier: 2,
      category: 'Gaming',
      type_content: 'Retro games on original hardware: 8- and 16-bit let’s plays and history',
    },
    channels: {
      youtube: {
        channel: 'retrorosa',
        login: '@retrorosa',
        displayName: 'Retro Rosa',
        followers: 96_500,
        viewers: 1_200,
      },
    },
    sponsorships: [],
  },
  {
    handle: 'nocturna',
    profile: {
      first_name: 'Lucía',
      last_name: 'Navarro',
      date_birth: '1997-10-31',
      gender: 'Female',
      country: 'Spain',
      city: 'Madrid',
      language: 'Spanish',
      about: 'Terror con las luces apagadas: survival horror, indies que dan miedo y sustos en directo.',
      job_title: 'Streamer',
      tier: 2,
      category: 'Gaming',
      type_content: 'Horror games live: survival horror and scary indies, lights off',
    },
    channels: {
      twitch: {
        channel: 'nocturna_es',
        login: 'nocturna_es',
        displayName: 'Nocturna_ES',
        followers: 54_000,
        viewers: 780,
      },
    },
    sponsorships: [{ title: 'Nova Noche de Miedo', payCents: 25_000, via: 'overlay', monthsBack: 1 }],
  },
  {
    handle: 'hannahrolls',
    profile: {
      first_name: 'Hannah',
      last_name: 'Price',
      date_birth: '1992-04-17',
      gender: 'Female',
      country: 'United Kingdom',
      city: 'Manchester',
      language: 'English',
      about: 'Story-rich RPGs played slowly, every side quest read aloud, tea always within reach.',
      job_title: 'Streamer',
      tier: 1,
      category: 'Gaming',
      type_content: 'Narrative RPGs and cosy story games, long evening sessions',
    },
    channels: {
      twitch: {
        channel: 'hannahrolls',
        login: 'hannahrolls',
        displayName: 'HannahRolls',
        followers: 21_800,
        viewers: 310,
      },
      youtube: {
        channel: 'hannahrollsvods',
        login: '@hannahrollsvods',
        displayName: 'Hannah Rolls',
        followers: 6_400,
        viewers: 45,
      },
    },
    sponsorships: [],
  },
  {
    handle: 'mapleminds',
    profile: {
      first_name: 'Olivier',
      last_name: 'Tremblay',
      date_birth: '1989-08-05',
      gender: 'Male',
      country: 'Canada',
      city: 'Montreal',
      language: 'English',
      about: 'Grand strategy and city builders, explained turn by turn for people who like spreadsheets.',
      job_title: 'Video creator',
      tier: 1,
      category: 'Gaming',
      type_content: 'Strategy games and city builders: guides and long campaigns on YouTube',
    },
    channels: {
      youtube: {
        channel: 'mapleminds',
        login: '@mapleminds',
        displayName: 'Maple Minds',
        followers: 8_400,
        viewers: 140,
      },
    },
    sponsorships: [],
  },
  {
    handle: 'pixelnorth',
    profile: {
      first_name: 'Liam',
      last_name: 'Chen',
      date_birth: '2001-12-12',
      gender: 'Male',
      country: 'Canada',
      city: 'Vancouver',
      language: 'English',
      about: 'Small streams about pixel-art indies and making my own game on weekends.',
      job_title: 'Streamer and indie developer',
      tier: 1,
      category: 'Gaming',
      type_content: 'Pixel-art indie games and weekend game development streams',
    },
    channels: {
      twitch: { channel: 'pixelnorth', login: 'pixelnorth', displayName: 'PixelNorth', followers: 1_850, viewers: 40 },
    },
    sponsorships: [],
  },
];

/**
 * The stand-in's figures for a roster channel (followers, subscribers, live viewers, views, as Figures in
 * server/standins/oauth.ts), or undefined for any other channel: a Twitch channel's paid subscribers are about 2 % of
 * its followers; a YouTube channel's followers are its subscribers.
 */
export function rosterFigures(
  platform: ConnectPlatform,
  channel: string,
): { followers: number; subscribers: number; viewers: number; views: number } | undefined {
  for (const creator of ROSTER) {
    const found = creator.channels[platform];
    if (found?.channel !== channel) continue;
    return platform === 'twitch'
      ? {
          followers: found.followers,
          subscribers: Math.round(found.followers * 0.02),
          viewers: found.viewers,
          views: found.followers * 40,
        }
      : {
          followers: found.followers,
          subscribers: found.followers,
          viewers: found.viewers,
          views: found.followers * 150,
        };
  }
  return undefined;
}
