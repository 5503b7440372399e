import { useCallback, useState } from 'react';
import { skipToken } from '@tanstack/react-query';
import { finalLookupStatuses, type LookupState } from '../../../shared/schemas/companies';
import { trpc } from '../../lib/trpc';
import type { Country } from '../../../shared/domain/org-id';

/**
 * A registry lookup followed live: `start` asks the server (for onboarding) and the SSE
 * subscription then streams the state until it is final. `watch` follows a lookup started
 * elsewhere (a profile refresh).
 */
export function useRegistryLookup(options: { onFinal?: (state: LookupState) => void } = {}) {
  const [state, setState] = useState<LookupState | null>(null);
  const lookup = trpc.companies.lookup.useMutation({ meta: { handlesError: true } });
  const following = state !== null && !finalLookupStatuses.includes(state.status) && state.status !== 'idle';
  const { onFinal } = options;

  const receive = useCallback(
    (next: LookupState) => {
      setState(next);
      if (finalLookupStatuses.includes(next.status)) onFinal?.(next);
    },
    [onFinal],
  );

  trpc.companies.lookupStatus.useSubscription(following ? { country: state.country, orgId: state.orgId } : skipToken, {
    onData: receive,
    // The live connection broke: offer what a failed lookup offers (manual entry, trying again).
    onError: () => setState((current) => (current ? { ...current, status: 'failed' } : current)),
  });

  const start = useCallback(
    async (orgId: string, country: Country = 'DK') => {
      setState(null);
      const first = await lookup.mutateAsync({ country, orgId });
      receive(first);
      return first;
    },
    [lookup, receive],
  );

  return { state, start, watch: receive, reset: () => setState(null), starting: lookup.isPending };
}
