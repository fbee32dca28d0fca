// web/ui/controller.js's messages, in Node: what the table says after a press lasts as long as
// what it says is true.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { TableController } from '../../web/ui/controller.js';

const view = (current) => ({ seat: 0, current_player: current, phase: 'draw', hand: ['H5'] });

function controller() {
  const ctl = new TableController({ engine: null, onChange() {}, choose: null, prefs: { get: () => ({}) }, t: (k) => k });
  ctl.record = { viewer: 0 };
  ctl.setView(view(1));
  return ctl;
}

test('an answer to a press goes once the turn moves on; a refusal and a problem stay', () => {
  const ctl = controller();
  ctl.say('Not your turn: Ana is playing.', 'meld:1', 'info');
  ctl.setView(view(1)); // the same turn, seen again: still true
  assert.equal(ctl.message?.text, 'Not your turn: Ana is playing.');
  ctl.setView(view(0)); // Ana has played
  assert.equal(ctl.message, null);
  ctl.say('Not your turn: Ana is playing.', 'meld:1', 'info');
  ctl.setView({ ...view(0), round_over: true }); // Ana went out
  assert.equal(ctl.message, null);

  ctl.say('Could not save the game.', 'status', 'error');
  ctl.setView(view(1));
  assert.equal(ctl.message?.text, 'Could not save the game.');
});

test("a new deal comes sorted, each person's hand as they last sorted it, else as the device last sorted", async () => {
  const prefs = { get: () => ({ sortBy: 'rank' }), set: () => {} };
  const ctl = new TableController({ engine: null, onChange() {}, choose: null, prefs, t: (k) => k });
  ctl.record = { id: 'g', viewer: 0, seats: [{ name: 'Dan' }, { name: 'Ana' }] }; // two people at this device
  ctl.hand = ctl.handFor(0);
  const codes = () => ctl.hand.items.map((i) => i.code);
  const seen = (seat, hand) => ({ seat, current_player: seat, phase: 'draw', hand });
  ctl.setView(seen(0, ['9H', '2C', '5S']));
  assert.deepEqual(codes(), ['2C', '5S', '9H']);
  // Ana lays her hand out herself (a card moved): that hand keeps her order ...
  ctl.switchViewer(1);
  ctl.setView(seen(1, ['QD', '3H', '8C']));
  ctl.moveCard(ctl.hand.items[2].key, 0);
  assert.deepEqual(codes(), ['QD', '3H', '8C']);
  ctl.switchViewer(0);
  ctl.setView(seen(0, ['9H', '2C', '5S']));
  // ... and her next deal, which shares no order with it, comes sorted again; Dan's too.
  ctl.call = async () => ({ view: seen(0, ['KD', '2C', '7H', '7C']) });
  await ctl.nextRound();
  assert.deepEqual(codes(), ['2C', '7C', '7H', 'KD']);
  ctl.switchViewer(1);
  ctl.setView(seen(1, ['8C', 'QD', '3H', '3D']));
  assert.deepEqual(codes(), ['3D', '3H', '8C', 'QD']);
  assert.equal(ctl.hand.sortBy, 'rank');
});
