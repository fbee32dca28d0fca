// The minimal playable proof: a `basic` game against the engine — see your hand, draw, discard.
// Seat 0 is the player; the other seat is played by the engine's computer player ("bot" op).
// Until computer players exist in the engine, the page lets you switch seats and play both.
// The full table UI (web/ui/) replaces this file; it renders only from view JSON, like it will.

const SUIT_SYMBOLS = { C: '♣', D: '♦', H: '♥', S: '♠' };
const BOT_LEVEL = 'easy';

export function mountProof(root, engine) {
  const ui = buildShell(root);
  const state = { game: null, view: null, seat: 0, selected: null, busy: true, bots: false };
  let botSeed = 1;

  render();
  engine.ready.then(start, () => {
    ui.status.textContent = 'The engine could not start.';
  });

  async function start() {
    const info = await engine.call('version');
    state.bots = Boolean(info.features && info.features.bots);
    await newGame();
  }

  async function newGame() {
    await run(async () => {
      if (state.game) await engine.call('close', { game: state.game });
      const seed = Math.floor(Math.random() * 2 ** 31);
      const result = await engine.call('new_game', { variant: 'basic', players: 2, seed, seat: 0 });
      Object.assign(state, { game: result.game, view: result.view, seat: 0, selected: null });
      await letBotsPlay();
    });
  }

  // Every engine call goes through here: one at a time, buttons off meanwhile, errors shown.
  async function run(task) {
    state.busy = true;
    ui.error.textContent = '';
    render();
    try {
      await task();
    } catch (error) {
      ui.error.textContent = error.message;
    } finally {
      state.busy = false;
      render();
    }
  }

  function play(action) {
    return run(async () => {
      const result = await engine.call('apply', { game: state.game, seat: state.seat, action });
      state.view = result.view;
      state.selected = null;
      await letBotsPlay();
    });
  }

  async function letBotsPlay() {
    if (!state.bots) return;
    while (!state.view.round_over && state.view.current_player !== state.seat) {
      render();
      const result = await engine.call('bot', {
        game: state.game,
        level: BOT_LEVEL,
        seed: botSeed++,
      });
      state.view = result.view;
    }
  }

  async function switchSeat(seat) {
    await run(async () => {
      const result = await engine.call('view', { game: state.game, seat });
      Object.assign(state, { seat, view: result.view, selected: null });
    });
  }

  ui.drawStock.addEventListener('click', () => play({ type: 'draw', source: 'stock' }));
  ui.drawDiscard.addEventListener('click', () => play({ type: 'draw', source: 'discard' }));
  ui.discard.addEventListener('click', () => play({ type: 'discard', card: state.selected }));
  ui.newGame.addEventListener('click', () => newGame());
  ui.nextRound.addEventListener('click', () =>
    run(async () => {
      const result = await engine.call('next_round', { game: state.game });
      state.view = result.view;
      await letBotsPlay();
    }),
  );
  ui.seatSelect.addEventListener('change', () => switchSeat(Number(ui.seatSelect.value)));
  ui.hand.addEventListener('click', (event) => {
    const button = event.target.closest('button[data-card]');
    if (!button || button.disabled) return;
    const card = button.dataset.card;
    state.selected = state.selected === card ? null : card;
    render();
  });

  function render() {
    const view = state.view;
    const myTurn = Boolean(view && !view.round_over && view.current_player === state.seat);
    const canDraw = !state.busy && myTurn && view.phase === 'draw';
    const canDiscard = !state.busy && myTurn && view.phase === 'play';
    ui.root.setAttribute('aria-busy', String(state.busy));

    ui.drawStock.disabled = !canDraw || !view.stock;
    ui.drawDiscard.disabled = !canDraw || !view.discard.length;
    ui.discard.disabled = !canDiscard || !state.selected;
    ui.newGame.disabled = state.busy && !state.view;
    ui.seatPicker.hidden = state.bots || !view;
    ui.nextRound.hidden = !(view && view.round_over && !view.game_over);
    ui.nextRound.disabled = state.busy;
    if (!view) {
      ui.status.textContent = 'Starting the engine…';
      return;
    }

    ui.status.textContent = statusText(view, state, myTurn);
    ui.stockCount.textContent = `${view.stock} cards`;
    const top = view.discard.at(-1);
    ui.discardTop.replaceChildren(top ? cardFace(top) : 'empty');
    ui.drawDiscard.dataset.card = top || '';

    ui.seats.replaceChildren(
      ...view.hand_sizes.map((size, seat) => {
        const item = el('li', { className: seat === view.current_player ? 'pf-to-play' : '' });
        const who = seat === state.seat ? 'You' : state.bots ? `Computer ${seat}` : `Seat ${seat}`;
        item.textContent = `${who}: ${size} cards · ${view.scores[seat]} points`;
        return item;
      }),
    );
    ui.melds.replaceChildren(...view.table.map((meld) => el('li', {}, ...meld.cards.map((code) => cardFace(code)))));
    ui.melds.hidden = !view.table.length;

    ui.hand.replaceChildren(
      ...view.hand.map((code) => {
        const button = el('button', { type: 'button', className: 'pf-card' }, cardFace(code));
        button.dataset.card = code;
        button.setAttribute('aria-pressed', String(state.selected === code));
        button.setAttribute('aria-label', cardName(code));
        button.disabled = !canDiscard;
        return button;
      }),
    );
    ui.seatSelect.replaceChildren(
      ...view.hand_sizes.map((_, seat) => {
        const option = el('option', { value: String(seat) });
        option.textContent = `Seat ${seat}`;
        option.selected = seat === state.seat;
        return option;
      }),
    );
  }
}

function statusText(view, state, myTurn) {
  if (view.round_over) {
    const result = view.round_result || {};
    const winner = result.winner;
    if (winner === null || winner === undefined) return 'Round over: nobody went out.';
    const who = winner === state.seat ? 'You' : `Seat ${winner}`;
    return `Round over: ${who} went out (${result.kind}).`;
  }
  if (!myTurn) return state.bots ? 'The computer is playing…' : `Seat ${view.current_player} to play.`;
  return view.phase === 'draw' ? 'Your turn: draw from the stock or take the discard.' : 'Your turn: choose a card, then discard it.';
}

function buildShell(root) {
  const ui = {};
  ui.root = root;
  ui.root.classList.add('proof');
  ui.status = el('p', { className: 'pf-status', id: 'status' });
  ui.error = el('p', { className: 'pf-error', role: 'alert' });
  ui.seats = el('ul', { className: 'pf-seats', ariaLabel: 'Players' });
  ui.stockCount = el('span', { className: 'pf-count' });
  ui.drawStock = el('button', { type: 'button', className: 'pf-pile' }, 'Stock ', ui.stockCount);
  ui.discardTop = el('span', { className: 'pf-top' });
  ui.drawDiscard = el('button', { type: 'button', className: 'pf-pile' }, 'Discard ', ui.discardTop);
  ui.melds = el('ul', { className: 'pf-melds', ariaLabel: 'Melds on the table' });
  ui.hand = el('div', { className: 'pf-hand', role: 'group', ariaLabel: 'Your hand' });
  ui.discard = el('button', { type: 'button', className: 'pf-primary' }, 'Discard selected card');
  ui.nextRound = el('button', { type: 'button' }, 'Next round');
  ui.newGame = el('button', { type: 'button' }, 'New game');
  ui.seatSelect = el('select', { ariaLabel: 'Seat you play' });
  ui.seatPicker = el('label', { className: 'pf-seat-picker' }, 'Play as ', ui.seatSelect);

  for (const [key, testId] of Object.entries({
    status: 'status',
    drawStock: 'draw-stock',
    drawDiscard: 'draw-discard',
    hand: 'hand',
    discard: 'discard',
    newGame: 'new-game',
    nextRound: 'next-round',
    seatSelect: 'seat-select',
    error: 'error',
  })) {
    ui[key].dataset.testid = testId;
  }

  root.replaceChildren(
    el('header', {}, el('h1', {}, 'Rummy'), ui.seatPicker, ui.newGame),
    ui.seats,
    el('div', { className: 'pf-piles' }, ui.drawStock, ui.drawDiscard),
    ui.melds,
    ui.status,
    ui.error,
    ui.hand,
    el('div', { className: 'pf-actions' }, ui.discard, ui.nextRound),
  );
  return ui;
}

function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === 'ariaLabel') node.setAttribute('aria-label', value);
    else if (key === 'role') node.setAttribute('role', value);
    else node[key] = value;
  }
  node.append(...children);
  return node;
}

function cardFace(code) {
  const rank = code[0] === 'T' ? '10' : code[0];
  const suit = code[1];
  // Rank over suit, like a card's corner index (still readable when cards overlap).
  return el('span', { className: `pf-face pf-suit-${suit}` }, el('span', {}, rank), el('span', {}, SUIT_SYMBOLS[suit] || suit));
}

function cardName(code) {
  const ranks = { A: 'ace', T: '10', J: 'jack', Q: 'queen', K: 'king' };
  const suits = { C: 'clubs', D: 'diamonds', H: 'hearts', S: 'spades' };
  return `${ranks[code[0]] || code[0]} of ${suits[code[1]] || code[1]}`;
}
