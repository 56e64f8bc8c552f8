// Sample records of the accounts domain, shaped as the contract's answers: for its flows' samples, the
// hand-pinned transition tests and the view tests.
import type { User } from '../types';

/** A complete profile. */
export const sampleUser: User = {
  first_name: 'Ana',
  last_name: 'García',
  email: 'ana@example.com',
  image: null,
  date_birth: '1995-04-12',
  gender: 'Female',
  country: 'Mexico',
  city: 'Guadalajara',
  zipcode: '44100',
  address: 'Av. Chapultepec 15',
  language: 'Mexico',
  about: null,
  job_title: null,
  tier: 1,
  category: 'Gaming',
  goals: null,
  type_content: 'Speedruns and retro games',
  type_account: 'Influencer',
  role: 'creator',
  // She chose English in Settings, though her broadcasting language preselected Spanish.
  locale: 'en',
};

/** A new password the policy accepts. */
export const sampleNewPassword = 'Copper-Lantern-77';
