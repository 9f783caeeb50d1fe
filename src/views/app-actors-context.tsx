import { createContext, useContext, type ReactNode } from 'react';
import type { AppActors, SessionActor, SnackbarActor } from './app-actors';

const AppActorsContext = createContext<AppActors | null>(null);

export function AppActorsProvider({ actors, children }: { actors: AppActors; children: ReactNode }) {
  return <AppActorsContext.Provider value={actors}>{children}</AppActorsContext.Provider>;
}

function useAppActors(): AppActors {
  const actors = useContext(AppActorsContext);
  if (!actors) throw new Error('AppActorsProvider is missing above this component.');
  return actors;
}

export function useSession(): SessionActor {
  return useAppActors().session;
}

export function useSnackbar(): SnackbarActor {
  return useAppActors().snackbar;
}
