// `useLoader(..., { systemId })`: the screen's loader joins the app's actor system under that name, so
// another actor can tell it to load again (the app machine sends the wallet's `load.refresh` after a
// top-up), and it leaves the system with the screen.
import { render, screen } from '@testing-library/react';
import { describe, expect, it, onTestFinished } from 'vitest';
import { oneLoader } from '@/machines/load-machine';
import { createAppActors } from '@/views/app-actors';
import { AppActorsProvider } from '@/views/app-actors-context';
import { useLoader } from '@/views/use-loader';
import { useFakeApi } from '../msw/server';

useFakeApi();

let balance = 100;
const balanceLoader = oneLoader<number>(async () => balance);

function Balance() {
  const wallet = useLoader(balanceLoader, { name: 'wallet', inUrl: false, systemId: 'wallet' });
  return <p>{wallet.data === null ? 'Loading' : `Balance ${wallet.data}`}</p>;
}

describe('useLoader with a systemId', () => {
  it('is reachable by that name while the screen shows, and loads again when told to', async () => {
    const actors = createAppActors();
    onTestFinished(() => actors.stop());
    const view = render(
      <AppActorsProvider actors={actors}>
        <Balance />
      </AppActorsProvider>,
    );
    expect(await screen.findByText('Balance 100')).toBeInTheDocument();

    balance = 150;
    actors.app.system.get('wallet').send({ type: 'load.refresh' });
    expect(await screen.findByText('Balance 150')).toBeInTheDocument();

    view.unmount();
    expect(actors.app.system.get('wallet')).toBeUndefined();
  });
});
