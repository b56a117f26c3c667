import { useState } from 'react';
import {
  Button,
  Div,
  Group,
  Header,
  InfoRow,
  ModalPage,
  ModalPageHeader,
  PanelHeaderClose,
  ModalRoot,
  Placeholder,
  SimpleCell,
  Text,
} from '@vkontakte/vkui';
import { Spinner } from '../../shared/ui/spinner';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import type { BetHistoryItem, BetProof } from '@contracts/games';
import { usePagedResource, useResource } from '../../shared/data/use-resource';
import { LoadFailed } from '../../shared/ui/load-failed';
import { formatMoney, formatMultiplier } from '../../shared/lib/money-format';
import { playerState } from '../../shared/player/player.store';
import { fetchBetDetails, fetchBetsHistory, fetchSumBet } from './games.api';
import { gameName } from './game-name';
import { paths } from '../../shared/routing/paths';

const SIZE = 50;
const DETAILS_SIZE = 10;

/** sum_bet_by_user_id: anything but a finite number counts as 0 (and is logged), spec §8. */
export function finiteSum(value: unknown): number {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  console.warn('sum_bet_by_user_id answered a non-number', value);
  return 0;
}

/** A link to the verify page with the proof filled in, once the result can be recomputed (seed or game hash revealed). */
export function verifyLink(proof: BetProof): string | null {
  if (proof.game === 'crash') {
    if (!proof.game_hash) return null;
    return paths.fairness({
      game: 'crash',
      server_seed: proof.game_hash,
      client_seed: proof.salt,
      params: JSON.stringify({ terminating_hash: proof.terminating_hash }),
    });
  }
  if (!proof.server_seed) return null;
  return paths.fairness({
    game: proof.game,
    server_seed: proof.server_seed,
    // the hash committed before play: the verify page says whether the revealed seed matches it
    server_seed_hash: proof.server_seed_hash,
    client_seed: proof.client_seed,
    nonce: String(proof.nonce),
    params: JSON.stringify(proof.params),
  });
}

// /profile/history/bets: the player's rounds, newest first (page size 50), and one round's details (page size 10).
export function BetsHistory() {
  const { t, i18n } = useTranslation();
  const { player } = useSnapshot(playerState);
  const [open, setOpen] = useState<BetHistoryItem | null>(null);
  const playerId = player?.id;
  const list = usePagedResource(playerId === undefined ? null : [playerId], (page) =>
    fetchBetsHistory(playerId!, page, SIZE),
  );
  const sum = useResource(playerId === undefined ? null : [playerId], () => fetchSumBet(playerId!).then(finiteSum));
  const total = sum.failed ? 0 : (sum.data ?? null);
  const currency = player?.currency ?? 'USD';
  return (
    <div data-testid="bets-history">
      {total !== null && (
        <Div>
          <Text data-testid="bets-total">
            {t('games.bets_total', { amount: formatMoney(total, currency, i18n.language) })}
          </Text>
        </Div>
      )}
      {list.failed && list.items.length === 0 && <LoadFailed onRetry={list.reload} />}
      {!list.failed && !list.loading && list.items.length === 0 && <Placeholder>{t('games.bets_empty')}</Placeholder>}
      {list.items.map((b) => (
        <SimpleCell
          key={b.id}
          data-testid="bet-row"
          onClick={() => setOpen(b)}
          subtitle={`${new Date(b.created_at).toLocaleString(i18n.language)} · ${t('games.bet')} ${formatMoney(b.bet_amount, b.currency, i18n.language)}${b.multiplier ? ` · ${formatMultiplier(Number(b.multiplier), i18n.language)}` : ''}`}
          after={
            <span style={{ color: b.win_amount > 0 ? 'var(--vkui--color_text_positive)' : undefined }}>
              {b.status === 'closed'
                ? formatMoney(b.win_amount, b.currency, i18n.language)
                : t(`games.status_${b.status}`)}
            </span>
          }
        >
          {gameName({ string_id: b.game_string_id, name: b.game_name })}
        </SimpleCell>
      ))}
      {list.loading && <Spinner size="m" />}
      {list.hasMore && !list.loading && (
        <Div>
          <Button mode="secondary" stretched size="l" onClick={list.more}>
            {t('games.show_more')}
          </Button>
        </Div>
      )}
      <ModalRoot activeModal={open ? 'bet' : null} onClose={() => setOpen(null)}>
        <ModalPage
          id="bet"
          onClose={() => setOpen(null)}
          header={
            // a way out besides the swipe and the backdrop, named for screen readers (issue 28)
            <ModalPageHeader
              after={
                <PanelHeaderClose
                  label={t('common.close')}
                  onClick={() => setOpen(null)}
                  data-testid="bet-details-close"
                />
              }
            >
              {t('games.details')}
            </ModalPageHeader>
          }
        >
          {open && <BetDetails round={open} />}
        </ModalPage>
      </ModalRoot>
    </div>
  );
}

function BetDetails({ round }: { round: BetHistoryItem }) {
  const { t, i18n } = useTranslation();
  const [, navigate] = useLocation();
  const details = useResource([round.id], () => fetchBetDetails(round.id, 1, DETAILS_SIZE));
  const page = details.data;
  if (details.failed)
    return <LoadFailed testId="bet-details-error" onRetry={details.reload} text={t('games.details_failed')} />;
  if (!page)
    return (
      <div tabIndex={0} role="status" aria-label={t('common.loading')}>
        <Spinner size="m" style={{ margin: '24px auto' }} />
      </div>
    );
  const proof = page.proof;
  const link = proof ? verifyLink(proof) : null;
  const r = page.round;
  const lang = i18n.language;
  const row = (label: string, value: React.ReactNode, testId?: string) => (
    <SimpleCell multiline key={label} after={<span data-testid={testId}>{value}</span>}>
      {label}
    </SimpleCell>
  );
  const code = (value: string) => <code style={{ wordBreak: 'break-all', fontSize: 12 }}>{value}</code>;
  return (
    <div data-testid="bet-details" tabIndex={0}>
      <Group header={<Header>{gameName({ string_id: r.game_string_id, name: r.game_name })}</Header>}>
        {row(t('games.bet'), formatMoney(r.bet_amount, r.currency, lang))}
        {row(
          t('games.win'),
          r.status === 'open' ? t('games.status_open') : formatMoney(r.win_amount, r.currency, lang),
        )}
        {r.multiplier !== null && row(t('games.multiplier'), formatMultiplier(Number(r.multiplier), lang))}
        {row(t('games.time'), new Date(r.created_at).toLocaleString(lang))}
      </Group>
      {proof && (
        <Group header={<Header>{t('games.outcome')}</Header>} data-testid="bet-outcome">
          {outcomeRows(proof, t, lang).map(([label, value]) => row(label, value))}
        </Group>
      )}
      {proof && paramRows(proof, t, lang).length > 0 && (
        <Group header={<Header>{t('games.params')}</Header>} data-testid="bet-params">
          {paramRows(proof, t, lang).map(([label, value]) => row(label, value))}
        </Group>
      )}
      <Group header={<Header>{t('games.transactions')}</Header>}>
        {page.items.map((s) => (
          <SimpleCell
            key={s.id}
            subtitle={new Date(s.created_at).toLocaleString(lang)}
            after={formatMoney(s.amount, s.currency, lang)}
          >
            {t(`games.type_${s.type}`)}
          </SimpleCell>
        ))}
      </Group>
      {proof && (
        <Group header={<Header>{t('games.proof')}</Header>}>
          {proof.game === 'crash' ? (
            <>
              <SimpleCell multiline>
                <InfoRow header={t('games.game_number')}>{proof.game_number}</InfoRow>
              </SimpleCell>
              <SimpleCell multiline>
                <InfoRow header={t('games.game_hash')}>
                  {proof.game_hash ? code(proof.game_hash) : t('games.hash_after_crash')}
                </InfoRow>
              </SimpleCell>
              <SimpleCell multiline>
                <InfoRow header={t('games.salt')}>{code(proof.salt)}</InfoRow>
              </SimpleCell>
            </>
          ) : (
            <>
              <SimpleCell multiline>
                <InfoRow header={t('games.server_seed_hash')}>{code(proof.server_seed_hash)}</InfoRow>
              </SimpleCell>
              <SimpleCell multiline>
                <InfoRow header={t('games.server_seed')}>
                  {proof.server_seed ? code(proof.server_seed) : t('games.not_revealed')}
                </InfoRow>
              </SimpleCell>
              <SimpleCell multiline>
                <InfoRow header={t('games.client_seed')}>{code(proof.client_seed)}</InfoRow>
              </SimpleCell>
              <SimpleCell>
                <InfoRow header={t('games.nonce')}>{proof.nonce}</InfoRow>
              </SimpleCell>
            </>
          )}
          {link && (
            <Div>
              <Button
                size="l"
                stretched
                mode="secondary"
                href={link}
                onClick={(e: React.MouseEvent) => {
                  e.preventDefault();
                  navigate(link);
                }}
                data-testid="verify-link"
              >
                {t('games.verify')}
              </Button>
            </Div>
          )}
        </Group>
      )}
    </div>
  );
}

type T = (key: string, options?: Record<string, unknown>) => string;
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const hundredths = (v: unknown, lang: string) => {
  const n = num(v);
  return n === null ? '–' : new Intl.NumberFormat(lang, { minimumFractionDigits: 2 }).format(n / 100);
};
const times = (v: unknown, scale: number, lang: string) => {
  const n = num(v);
  return n === null ? '–' : formatMultiplier(n / scale, lang);
};

/** What the round came to, in words: the roll, the crash point, the pocket, the mines… */
function outcomeRows(proof: BetProof, t: T, lang: string): Array<[string, string]> {
  if (proof.game === 'crash') {
    const o = proof.outcome;
    return [
      [t('games.crash_point'), o.crash_point === null ? t('games.in_flight') : times(o.crash_point, 100, lang)],
      [
        t('games.result'),
        o.status === 'cashed_out'
          ? t('games.cashed_out_at', { x: times(o.cashout_at, 100, lang) })
          : o.status === 'lost'
            ? t('games.lost')
            : t('games.status_open'),
      ],
    ];
  }
  const o = proof.outcome;
  switch (proof.game) {
    case 'dice':
      return [[t('games.roll'), hundredths(o.roll, lang)]];
    case 'limbo':
      return [[t('games.result'), times(o.result, 100, lang)]];
    case 'plinko':
      return [
        [t('games.bucket'), String(num(o.bucket) ?? '–')],
        [t('games.multiplier'), times(o.multiplierBp, 10_000, lang)],
      ];
    case 'slots':
      return [[t('games.multiplier'), times(o.multiplierBp, 10_000, lang)]];
    case 'roulette':
      return [[t('games.pocket'), String(num(o.pocket) ?? '–')]];
    case 'mines': {
      const mines = Array.isArray(o.mine_tiles) ? (o.mine_tiles as number[]) : [];
      const revealed = Array.isArray(o.revealed) ? (o.revealed as number[]) : [];
      return [
        [t('games.mine_tiles'), mines.map((m) => m + 1).join(', ') || '–'],
        [t('games.revealed'), String(revealed.filter((x) => !mines.includes(x)).length)],
        [t('games.result'), o.status === 'cashed_out' ? t('games.cashed_out') : t('games.lost')],
      ];
    }
  }
}

/** The player's choices for the round: target and direction, rows and risk, mines, auto cash-out. */
function paramRows(proof: BetProof, t: T, lang: string): Array<[string, string]> {
  if (proof.game === 'crash')
    return [
      [
        t('games.auto_cashout'),
        proof.params.auto_cashout === null ? t('games.off') : times(proof.params.auto_cashout, 100, lang),
      ],
    ];
  const p = proof.params;
  switch (proof.game) {
    case 'dice':
      return [
        [t('games.direction'), p.direction === 'under' ? t('games.under') : t('games.over')],
        [t('games.target'), hundredths(p.target, lang)],
      ];
    case 'limbo':
      return [[t('games.target'), times(p.target, 100, lang)]];
    case 'plinko':
      return [
        [t('games.rows'), String(num(p.rows) ?? '–')],
        [t('games.risk'), ['low', 'medium', 'high'].includes(String(p.risk)) ? t(`games.risk_${String(p.risk)}`) : '–'],
      ];
    case 'mines':
      return [[t('games.mines'), String(num(p.mines) ?? '–')]];
    case 'roulette':
      return [[t('games.roulette_bets'), String(Array.isArray(p.bets) ? p.bets.length : 0)]];
    default:
      return [];
  }
}
