// The game views, by the name the server's catalog gives each game. A view is made
// for a room (or a replay) and redrawn from each state; it never guesses at what the
// server did not send.

import { SetView } from './set.js';
import { RpsView } from './rps.js';
import { BrainView } from './brain.js';
import { ConcentrationView } from './concentration.js';
import { KlondikeView } from './klondike.js';

export const VIEWS = {
  set: SetView,
  rps: RpsView,
  'rps-brain': BrainView,
  concentration: ConcentrationView,
  klondike: KlondikeView,
};

/** A line under the game list of the new-game form. */
export const GAME_BLURBS = {
  set: 'Find three cards where each feature (number, shape, colour, fill) is all the same or all different. Race your friends, or play alone.',
  rps: 'Rock-paper-scissors, best of a few rounds, against a friend or the robot.',
  'rps-brain': 'A brain teaser: each round shows a sign and a goal (win or lose); answer the sign that gets it, fast.',
  concentration: 'Memory: turn two cards a turn and find the pairs.',
  klondike: 'Solitaire. Alone, or a race on the same deal.',
};

/** What an option means, where its name does not say. */
export const OPTION_HELP = {
  variant: 'junior: solid cards only; chain: each Set uses one card of the last; ultra: four cards in two pairs.',
  seed: 'One seat only: the same number deals the same game.',
  daily: 'One seat only: the day\'s deal, the same for everyone, with a leaderboard.',
  bot: 'Play the server\'s robot (one seat).',
  winnable: 'Deal only a deal the solver proved can be won.',
  scoring: 'standard or Vegas points; none just counts cards home.',
  passes: 'How often the waste may be turned over.',
  time_bonus: 'A quick match scores up to 10 more.',
};
