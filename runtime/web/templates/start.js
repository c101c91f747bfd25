// The start page: each game's form shows as many seats as it has players (a variant that seats
// the game's own opponent, Wakhan or Díaz, takes none of them). The server checks the form anyway.
"use strict";
for (const form of document.querySelectorAll("form.new-game")) {
  const players = form.querySelector('input[name="players"]');
  const update = () => {
    const count = Number(players.value) || 0;
    for (const seat of form.querySelectorAll(".seats label[data-seat]")) {
      seat.hidden = Number(seat.dataset.seat) >= count;
    }
  };
  players.addEventListener("input", update);
  update();
}
