import { useEffect, useState } from 'react';
import { Button, Div, Group, Header, InfoRow, ModalPage, ModalPageHeader, ModalRoot, Placeholder, SimpleCell, Spinner, Text } from '@vkontakte/vkui';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { BetHistoryItem, SpinsPage } from '@contracts/games';
import { formatMoney } from '../../shared/lib/money-format';
import { playerState } from '../player';
import { fetchBetDetails, fetchBetsHistory, fetchSumBet } from './games.api';

const SIZE = 50;
const DETAILS_SIZE = 10;

/** sum_bet_by_user_id: anything but a finite number counts as 0 (and is logged), spec §8. */
export function finiteSum(value: unknown): number {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  console.warn('sum_bet_by_user_id answered a non-number', value);
  return 0;
}

/** A link to the verify page that recomputes a house game's result in the browser. */
export function verifyLink(proof: NonNullable<SpinsPage['proof']>): string | null {
  if (!proof.server_seed) return null;
  const q = new URLSearchParams({ game: proof.game, server_seed: proof.server_seed, client_seed: proof.client_seed, nonce: String(proof.nonce), params: JSON.stringify(proof.params) });
  return `/fairness?${q}`;
}

// /profile/history/bets: the player's rounds, newest first (page size 50), and one round's details (page size 10).
export function BetsHistory() {
  const { t, i18n } = useTranslation();
  const { player } = useSnapshot(playerState);
  const [state, setState] = useState<{ items: BetHistoryItem[]; page: number; pages: number; loading: boolean }>({ items: [], page: 0, pages: 1, loading: true });
  const [total, setTotal] = useState<number | null>(null);
  const [open, setOpen] = useState<BetHistoryItem | null>(null);
  const playerId = player?.id;
  const load = async (page: number) => {
    if (playerId === undefined) return;
    setState((s) => ({ ...s, loading: true }));
    try {
      const res = await fetchBetsHistory(playerId, page, SIZE);
      setState((s) => ({ items: page === 1 ? res.items : [...s.items, ...res.items], page: res.page, pages: res.pages, loading: false }));
    } catch {
      setState((s) => ({ ...s, loading: false }));
    }
  };
  useEffect(() => {
    void load(1);
    if (playerId !== undefined) fetchSumBet(playerId).then((v) => setTotal(finiteSum(v)), () => setTotal(0));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per player
  }, [playerId]);
  const currency = player?.currency ?? 'USD';
  return (
    <div data-testid="bets-history">
      {total !== null && (
        <Div>
          <Text data-testid="bets-total">{t('games.bets_total', { amount: formatMoney(total, currency, i18n.language) })}</Text>
        </Div>
      )}
      {!state.loading && state.items.length === 0 && <Placeholder>{t('games.bets_empty')}</Placeholder>}
      {state.items.map((b) => (
        <SimpleCell
          key={b.id}
          data-testid="bet-row"
          onClick={() => setOpen(b)}
          subtitle={`${new Date(b.created_at).toLocaleString(i18n.language)} · ${t('games.bet')} ${formatMoney(b.bet_amount, b.currency, i18n.language)}${b.multiplier ? ` · ×${Number(b.multiplier).toFixed(2)}` : ''}`}
          after={<span style={{ color: b.win_amount > 0 ? 'var(--vkui--color_text_positive)' : undefined }}>{b.status === 'closed' ? formatMoney(b.win_amount, b.currency, i18n.language) : t(`games.status_${b.status}`)}</span>}
        >
          {b.game_name}
        </SimpleCell>
      ))}
      {state.loading && <Spinner size="m" />}
      {state.page < state.pages && !state.loading && (
        <Div>
          <Button mode="secondary" stretched size="l" onClick={() => load(state.page + 1)}>{t('games.show_more')}</Button>
        </Div>
      )}
      <ModalRoot activeModal={open ? 'bet' : null} onClose={() => setOpen(null)}>
        <ModalPage id="bet" onClose={() => setOpen(null)} header={<ModalPageHeader>{t('games.details')}</ModalPageHeader>}>
          {open && <BetDetails round={open} />}
        </ModalPage>
      </ModalRoot>
    </div>
  );
}

function BetDetails({ round }: { round: BetHistoryItem }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState<SpinsPage | null>(null);
  useEffect(() => {
    fetchBetDetails(round.id, 1, DETAILS_SIZE).then(setPage, () => undefined);
  }, [round.id]);
  if (!page) return <Spinner size="m" />;
  const proof = page.proof;
  const link = proof ? verifyLink(proof) : null;
  return (
    <div data-testid="bet-details">
      <Group header={<Header>{round.game_name}</Header>}>
        {page.items.map((s) => (
          <SimpleCell key={s.id} subtitle={new Date(s.created_at).toLocaleString(i18n.language)} after={formatMoney(s.amount, s.currency, i18n.language)}>
            {t(`games.type_${s.type}`)}
          </SimpleCell>
        ))}
      </Group>
      {proof && (
        <Group header={<Header>{t('games.proof')}</Header>}>
          <SimpleCell multiline><InfoRow header={t('games.server_seed_hash')}><code style={{ wordBreak: 'break-all' }}>{proof.server_seed_hash}</code></InfoRow></SimpleCell>
          <SimpleCell multiline><InfoRow header={t('games.server_seed')}><code style={{ wordBreak: 'break-all' }}>{proof.server_seed ?? t('games.not_revealed')}</code></InfoRow></SimpleCell>
          <SimpleCell multiline><InfoRow header={t('games.client_seed')}>{proof.client_seed}</InfoRow></SimpleCell>
          <SimpleCell><InfoRow header={t('games.nonce')}>{proof.nonce}</InfoRow></SimpleCell>
          {link && (
            <Div>
              <Button size="l" stretched mode="secondary" href={link} data-testid="verify-link">{t('games.verify')}</Button>
            </Div>
          )}
        </Group>
      )}
    </div>
  );
}
