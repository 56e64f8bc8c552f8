// Domain types the statecharts carry (SPEC §3). Types only: the API client and the views share them.

export type AccountType = 'Influencer' | 'Advertiser';
export type Gender = 'Male' | 'Female';

/** The user profile as read from GET /api/user. */
export interface User {
  first_name: string | null;
  last_name: string | null;
  email: string;
  image: string | null;
  date_birth: string | null;
  gender: Gender | null;
  country: string | null;
  city: string | null;
  zipcode: string | null;
  address: string | null;
  language: string | null;
  about: string | null;
  job_title: string | null;
  tier: number | null;
  category: string | null;
  goals: string | null;
  type_content: string | null;
  type_account: AccountType;
}

/** How a session began, kept in the `session` storage entry. */
export interface SessionInfo {
  method: 'password' | 'google' | 'register';
  signedInAt: string;
}
