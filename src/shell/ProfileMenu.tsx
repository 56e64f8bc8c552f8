// The header's profile menu (docs/spec.md §2). Every dashboard route shows its trigger, but few open it: the menu
// itself (Radix's dropdown and the positioning engine under it, about a fifth of what a dashboard route loads) is
// ./ProfileMenuPanel, fetched when the pointer or the focus reaches the trigger and shown open on the first click or
// key. Until then the trigger is this plain button, drawn the same.
import { lazy, Suspense, useState, type KeyboardEvent } from 'react';
import type { User } from '@/machines/types';
import { ProfileTrigger } from './ProfileTrigger';

const loadPanel = () => import('./ProfileMenuPanel');
const ProfileMenuPanel = lazy(loadPanel);

export function ProfileMenu({ user, onLogOut }: { user: User | null; onLogOut: () => void }) {
  // False until a click or a key asks for the menu; then the loaded menu, open at once.
  const [opened, setOpened] = useState(false);
  const prefetch = () => void loadPanel();
  const plain = (
    <ProfileTrigger
      user={user}
      aria-expanded={false}
      onPointerEnter={prefetch}
      onFocus={prefetch}
      onClick={() => setOpened(true)}
      onKeyDown={(event: KeyboardEvent) => {
        // Radix opens its menu on Enter, Space and ArrowDown; the click above covers Enter and Space.
        if (event.key === 'ArrowDown') {
          event.preventDefault();
          setOpened(true);
        }
      }}
    />
  );
  if (!opened) return plain;
  return (
    <Suspense fallback={plain}>
      <ProfileMenuPanel user={user} onLogOut={onLogOut} defaultOpen />
    </Suspense>
  );
}
