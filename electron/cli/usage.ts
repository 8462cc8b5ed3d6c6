// The CLI's --help text: every verb, its flags, where secrets come from, and the exit codes.
export const USAGE = `Usage: npm run cli -- <verb> [--flags]

Connection (one of):
  --base-url <url>          the exchange API root, e.g. http://127.0.0.1:8080/api/v3; the key and
                            secret come from TERMINAL_API_KEY and TERMINAL_API_SECRET (never from
                            arguments: other users can read those)
  --profile <name>          a saved profile (key and secret from the OS keychain)
  --timeout-ms <ms>         per request, default 10000

Market data:
  currencies
  pairs        [--currency1 BTC] [--currency2 USDT]
  candles      --pair BTC_USDT --interval 1|5|15|30|60|240|1D [--since <unix s>] [--until <unix s>] [--limit <=500]
  trades       --pair BTC_USDT [--limit N]
  ticker       [--pair BTC_USDT]
  orderbook    --pair BTC_USDT [--limit N]
  book         --pair BTC_USDT [--limit N] [--group STEP]   best first, cumulative sums, the spread
  watch        --pair BTC_USDT [--topics trades,book,ticker] [--limit N] [--feed-url ws(s)://host/alp-ws]
               the live feed as JSON lines until interrupted; the feed URL defaults to the one beside
               --base-url (http(s)://host/api/v3 → ws(s)://host/alp-ws); the book shows N levels a side

Account (needs a key):
  accounts     [--include-subaccounts]
  balances
  fees
  orders       the most recent orders
  history      [--pair P] [--side BUY|SELL] [--status FILLED|...] [--from T] [--to T]
               the orders of a range (default the last 30 days), read in 30-day windows;
               T is ISO 8601 (2024-01-31T12:00:00Z) or Unix seconds
  fills        --pair P [--side BUY|SELL] [--from T] [--to T]   the account's own fills
  pnl          --pair P [--from T] [--to T]   realised P&L of those fills (FIFO, fees included)
  journal      [--from T] [--to T] [--pair P] [--tag X] [--side BUY|SELL] [--csv]   every trade closed in
               the range (default the last 30 days), flat to flat by FIFO, explained: r (net ÷ the planned
               risk of its protected position; null, "no planned stop", without one), mae and mfe (price
               and R), exitReason, tags and note; and the stats (winRate, expectancyR, profitFactor, …).
               {trades, stats, open, problems}; --csv prints the trades as CSV (docs/journal.md)
  portfolio    [--quote USDT] [--profiles all]   every account the key sees (master and sub-accounts),
               or with --profiles all every stored profile's (then no --base-url or --profile),
               valued in the quote currency through the tickers (ETH → BTC → USDT where there is no
               direct pair; "route" names it). A currency with no price is listed in "unpriced" and
               kept out of the totals. A profile that cannot be read is named in "failed".

Trading (needs a key):
  validate-order  the order flags below; prints the check, exit 2 when it has errors
  place-order     --pair P --type MARKET|LIMIT|STOP_LIMIT --side BUY|SELL [--wallet SPOT]
                  [--base-amount A] [--quote-amount Q] [--limit-price L] [--stop-price S]
                  [--stop-operator GTE|LTE] [--client-order-id ID]   (wallet defaults to SPOT)
  cancel-order    exactly one of --ids 1,5,8 | --all | --pair P
                  place-order is refused (exit 2, code RISK_LIMIT, nothing sent) when it would break
                  the account's risk limits below; an exit (a SELL of no more than is held) never is
  cancel-all      --accounts ID,ID|all [--profiles all]   every open order of those accounts (all: every
                  account the keys see), each cancelled with its own account's key (the connection's,
                  or with --profiles all every stored profile's) and read back; prints each account's
                  result: cancelled, nothing, failed, unknown, or no-key (no key held: nothing sent).
                  Exit 0, or the worst: 5 unknown, 3 failed, 2 no key

Protected positions (docs/positions.md; the state is the profile's file in the data directory):
  protect         --pair P --side BUY|SELL (--entry-price L | --entry-market) (--amount A | --risk-percent R)
                  --stop-loss S [--stop-limit SL] [--take-profit PRICE:PERCENT ...] [--trail D] [--breakeven]
                  [--slippage X] [--stop-fallback market|chase|hold]
                  risk sizing uses the quote currency's available SPOT balance
                  --stop-fallback: when the exchange's stop-limit gaps (the market past its limit, so it
                  rests unfilled): market (default) cancels it, then sells what is held at market; chase
                  places the limit again at the market less the stop's offset, 3 times, then market;
                  hold keeps the order and asks you (attention)
                  PERCENT is the percent of the position a target sells, above 0 and at most 100:
                  62000:50 sells half, 62000:100 all of it (62000:1 sells 1 %)
  protect         --pair P --held A --stop-loss S --take-profit T   (an OCO on coins already held; T alone sells all)
                  prints the position's "id", also when "queued": the keeper opens it under that id
  positions       each position: id, state, protection, protectionNow (its words: "Stop triggered but not
                  filled: ..." while a stop gapped), stopFallback, gap, closedBy, targets (sharePercent),
                  its orders with their ids, and its history (what the terminal did on its own)
  position-close  --id ID   cancels the entry and the exits, sells what is held
  position-cancel --id ID   cancels a position nothing of which was bought yet
  position-modify --id ID [--entry-price E] [--stop-loss S] [--take-profit N:PRICE ...]   moves a pending
                  LIMIT entry (nothing filled: cancel, then place once the cancel is confirmed), the stop (at the
                  exchange: cancel, then place) or target N's price (N from 1, as listed); checked against the last price
  position-acknowledge --id ID   carries on after a move nobody watched (a target or the terminal's stop
                  crossed while no keeper ran): the next price is acted on as usual (position-close closes instead)
  keeper          keeps the profile's positions until SIGINT/SIGTERM (one per profile: a lock);
                  [--feed-url U] its pairs' trades from the live feed act at once (TERMINAL_FEED=off:
                  polling only); JSON lines as they change; one that waited for the lock prints
                  {"event":"keeper","acting":true,"tookOver":true} once it took over and reconciled.
                  Without a keeper running, protect/close/cancel (and the algo- verbs) act
                  once and let go; with one, they leave their request for it ("queued")

Execution algorithms (docs/algos.md; kept by the same keeper, in the same file, as the positions):
  algo-start      --kind twap --pair P --side BUY|SELL --amount A --slices N --duration 30s|10m|2h
                  [--limit-price L] [--randomize PCT] [--finish market|leave]
                  N slices over the duration, each a LIMIT taking the touch, never past L; PCT (0-50)
                  varies each slice's size and time, seeded (a restart gives the same); at the end the
                  rest is left (default) or taken at market (a sell: MARKET; a buy: a LIMIT 1 % past the ask)
  algo-start      --kind iceberg --pair P --side BUY|SELL --amount A --slice S --price L
                  one slice of S at L at a time; the next once it has filled
  algo-start      --kind scaled --pair P --side BUY|SELL --amount A --orders N --from-price X --to-price Y
                  [--distribution even|geometric]   N LIMIT orders from X to Y, all resting at once
                  (even: equal price steps; geometric: equal percentage steps), amounts even
  algo-start      --kind chase --pair P --side BUY|SELL --amount A [--max-distance D] [--max-moves N]
                  [--finish market|leave]   a LIMIT at the touch on its own side, placed again (cancel,
                  confirmed, then place) when the touch leaves it, up to D from the first touch or N moves
                  algo-start prints the algorithm's "id", also when "queued": the keeper starts it under
                  that id. Every slice passes the order rules and the risk limits; a refused one pauses it
  algos           each algorithm: id, kind, state (running|paused|done|cancelled), filled, average,
                  remaining, resting, next (when and how much), slippagePct against the arrival price,
                  paused (why), note (how it ended) and its orders with their ids
  algo-pause      --id ID   sends nothing more (what rests stays)
  algo-resume     --id ID
  algo-cancel     --id ID   removes what rests and ends it cancelled

Risk limits (per exchange and account, in the data directory; --base-url or --profile names the exchange):
  limits set --account ID [--max-order-value V] [--max-open-value V] [--max-open-orders N]
             [--daily-loss V] [--currency USDT]   replaces the account's limits; a limit not given
             (or "none") is no limit; values are in --currency (default USDT)
  limits show [--account ID]   the limits of one account, or of every account on that exchange

Diagnostics (the window's core writes them to the data directory, at most 10 s old while it runs):
  diagnostics    the last long tasks of the windows (time, durationMs, what was running), the live
                 feed's lag (p50 and max over the last minute) and its reconnects; says so when no
                 window ran, no window reported or no feed frame came, instead of empty figures

Drawings and alerts (kept by the window's core in the data directory; read only; --profile NAME,
else the profile the app last made active):
  drawings --pair P   the profile's drawings on the pair as JSON: each with its points (prices exact,
                      times in ms and ISO 8601), a line's price now, a Fibonacci's levels, a
                      position tool's reward : risk and amount at risk, and the alerts that follow it
  alerts              the profile's alerts; a 'line' alert names the drawing it follows (follows)

Profiles (metadata in the data directory, TERMINAL_DATA_DIR overrides it; secrets only in the OS keychain):
  profiles list                  every profile as the app shows it, never a secret
  profiles add --name N --base-url URL [--offline] [--timeout-ms MS]
                                 the key and secret come from TERMINAL_API_KEY and TERMINAL_API_SECRET,
                                 else from standard input: two lines (key, then secret) or
                                 {"apiKey": "...", "apiSecret": "..."}. Tests the connection first
                                 (learns the account) and saves nothing if it fails; --offline saves
                                 without testing. Without a reachable keychain nothing is saved (exit 6).
  profiles update --name N | --id ID [--rename NEW] [--base-url URL] [--new-key]
                                 --new-key reads a new key and secret as add does. A base URL on
                                 another origin (scheme, host or port) than the stored key was
                                 entered for needs --new-key: a key never follows a URL elsewhere.
  profiles remove --name N | --id ID   deletes the keychain entry, then the profile
  profiles test   --name N | --id ID   connection test with the stored key: {ok, accounts, serverTimeSkewMs}

Output: one JSON document on stdout. Errors: {"error": {...}} on stderr.
Exit codes: 0 ok · 1 usage · 2 rejected locally, nothing sent · 3 rejected by the exchange ·
            4 network, timeout, server, rate limit or bad answer · 5 order outcome unknown ·
            6 authentication or keychain
`
