"""The terminal table (`cardboard.play.run_play`) and the Aban! board drawing."""
from __future__ import annotations

import io
import re

import pytest
from rich.console import Console
from rich.pretty import Pretty

from cardboard import ConfigError, load_game
from cardboard.agents import make_agent
from cardboard.games.aban.render import render_garden, render_view
from cardboard.play import renderer, run_play


def console(width: int = 120) -> Console:
    return Console(file=io.StringIO(), width=width)


def text_of(con: Console) -> str:
    return con.file.getvalue()


def answers(*first: str, then: str = "1"):
    """An input_fn giving `first` in order, then `then` forever; it records the prompts."""
    queue = list(first)
    prompts = []

    def input_fn(prompt: str) -> str:
        prompts.append(prompt)
        return queue.pop(0) if queue else then

    input_fn.prompts = prompts
    return input_fn


def play_like_run_play(game, humans: int, bot: str, pick=lambda legal: legal[0]):
    """The same game outside run_play: humans take `pick`, bots are seeded as run_play seeds them."""
    bots = {s: make_agent(bot, seed=game.seed + s) for s in range(humans, game.players)}
    state = game.new_initial_state()
    while not state.is_terminal():
        seat = state.current_player
        state.apply(bots[seat].choose(state) if seat in bots else pick(state.legal_actions()))
    return state


def test_one_human_against_a_bot_plays_to_the_end_despite_bad_input():
    game = load_game("aban", players=2, seed=5)
    con = console()
    ask = answers("", "no such move", "0", "999", "h", "l", "[/b]", "b")  # then "1" for every move
    assert run_play(game, humans=1, console=con, input_fn=ask, bot_delay=0) == 0
    out = text_of(con)
    assert "Please type a move's number" in out
    assert "No move matches 'no such move'" in out
    assert "There is no move 0" in out
    assert "There is no move 999" in out
    assert "How to choose a move" in out
    assert "No move matches '[/b]'" in out  # typed text is not taken for rich markup
    # the first question was asked nine times: eight bad or helper answers, then "1"
    assert len(set(ask.prompts[:9])) == 1 and "[1-6" in ask.prompts[0]
    assert "seat 1 (bot) " in out and "seat 0 (you) " in out
    assert "Final scores" in out
    assert re.search(r"Winner: seat \d|Shared win: ", out)
    # the table's totals are the engine's
    expected = play_like_run_play(load_game("aban", players=2, seed=5), 1, "greedy")
    table = out[out.index("Final scores"):]
    assert re.search(r"seat 0 \(you\)( ★)? +seat 1 \(bot\)", table)
    totals = re.search(r"Total +(-?\d+) +(-?\d+) *\n", table).groups()
    assert [int(t) for t in totals] == [int(s) for s in expected.scores()]


def test_solo_game_shows_the_rulebook_result():
    game = load_game("aban", players=1, seed=8)
    con = console()
    assert run_play(game, humans=1, console=con, input_fn=answers(), bot_delay=0) == 0
    out = text_of(con)
    final = play_like_run_play(load_game("aban", players=1, seed=8), 1, "greedy")
    band = final.view(0)["result"]
    assert band and f"Result: {band}" in out
    assert f"Final score: {int(final.scores()[0])}" in out
    assert "Ko'bachan:" in out
    assert "bot" not in out


def test_bots_only_never_ask_and_match_the_engine():
    game = load_game("aban", players=2, seed=9)
    con = console()

    def no_input(prompt):
        raise AssertionError("a table of bots asked for input")

    assert run_play(game, humans=0, bot="random", console=con, input_fn=no_input, bot_delay=0) == 0
    out = text_of(con)
    final = play_like_run_play(load_game("aban", players=2, seed=9), 0, "random")
    for action in final.history:
        assert str(action) in out
    winners = final.winners()
    if len(winners) == 1:
        assert f"Winner: seat {winners[0]} (bot)" in out
    else:
        assert "Shared win" in out


def test_quit_ends_politely():
    con = console()
    assert run_play(load_game("aban", players=3, seed=1), humans=1, console=con,
                    input_fn=answers("2", "1", "quit"), bot_delay=0) == 0
    out = text_of(con)
    assert "You left the game" in out
    assert "Final scores" not in out


def test_end_of_input_ends_the_game():
    def eof(prompt):
        raise EOFError

    con = console()
    assert run_play(load_game("aban", players=2, seed=1), humans=1, console=con, input_fn=eof, bot_delay=0) == 0
    assert "Input ended" in text_of(con)
    assert "Final scores" not in text_of(con)


def test_filter_keeps_the_full_list_numbers():
    game = load_game("aban", players=2, seed=3, options={"first_game": True})
    con = console()
    seen = {}

    def ask(prompt):
        out = text_of(con)
        step = len(seen)
        if step == 0:
            seen["food"] = True
            return "5S"  # filtering ignores case
        if step == 1:
            block = out[out.rindex("Moves matching '5S'"):]
            seen["food number"] = re.search(r"(\d+) (Feed your chayote on )?5s", block).group(1)
            return seen["food number"]
        if step == 2:
            seen["full list"] = out[out.rindex("possible moves:"):]
            return "plant row 2, column 3"
        if step == 3:
            block = out[out.rindex("Moves matching 'plant row 2, column 3'"):]
            seen["pick"] = re.search(r"(\d+) [^\n]*?row 2, column 3", block).group(1)
            return seen["pick"]
        return "q"

    assert run_play(game, humans=1, console=con, input_fn=ask, bot_delay=0) == 0
    out = text_of(con)
    assert seen["food number"] == "5"  # the 5th of 1s..6s, not the 1st of the filtered list
    assert "seat 0 (you) Feed your chayote on 5s" in out
    # the number picked from the filtered list names that square in the full list too
    # (the full list folds a row's squares: "... in row 2, column:   5 1   6 2   7 3   8 4")
    assert re.search(rf"in row 2, column:[^\n]*\b{seen['pick']} 3\b", seen["full list"])
    assert re.search(r"seat 0 \(you\) Plant \w+ \(die \d\) in row 2, column 3", out)


def test_two_people_take_turns_at_one_screen():
    ask = answers("1", "1", "1", then="q")  # both choose food, seat 0 plants, seat 1 quits
    con = console()
    assert run_play(load_game("aban", players=2, seed=4), humans=2, console=con, input_fn=ask, bot_delay=0) == 0
    assert [p.split(",")[0] for p in ask.prompts] == ["Seat 0", "Seat 1", "Seat 0", "Seat 1"]
    out = text_of(con)
    assert "(bot)" not in out and "seat 1 Feed your chayote" in out


def test_seat_counts_are_checked():
    with pytest.raises(ConfigError):
        run_play(load_game("aban", players=2, seed=1), humans=3, console=console(), bot_delay=0)


def test_a_game_without_a_renderer_is_pretty_printed():
    assert renderer("aban") is render_view
    assert renderer("no_such_game") is Pretty
    from cardboard.games.hideous_abomination import render as ha_render
    assert renderer("hideous-abomination") is ha_render.render_view


# ---------------------------------------------------------------- the Aban! drawing
def expansion_state_with_pot_radish_and_rocky():
    """Seat 0 draws an extra pot and a radish; seat 1 puts a Rocky on seat 0's plant."""
    game = load_game("aban", players=2, seed=1, options={
        "expansion": True, "super_plants": ["don_maceta", "rabamimo"], "token_side": "rocky"})
    state = game.new_initial_state()
    wanted = {0: ["pot", "radish"], 1: ["rocky"]}
    for _ in range(200):
        if not any(wanted.values()):
            return state
        legal = state.legal_actions()
        todo = wanted[state.current_player]
        planted = {tuple(sq["at"]) for sq in state.view(None)["seats"][0]["garden"] if sq["plant"]}
        pick = next((a for a in legal if todo and a.kind == todo[0]
                     and (a.kind != "rocky" or (a["seat"] == 0 and tuple(a["at"]) in planted))), None)
        if pick is not None:
            todo.pop(0)
        else:
            pick = next((a for a in legal if a.kind in ("food", "plant")), legal[0])
        state.apply(pick)
    raise AssertionError(f"could not reach a pot, a radish and a Rocky: {wanted}")


def test_render_draws_extra_pots_radishes_and_rockys():
    state = expansion_state_with_pot_radish_and_rocky()
    view = state.view(0)
    garden = view["seats"][0]["garden"]
    pot = next(sq for sq in garden if not all(0 <= x <= 3 for x in sq["at"]))
    rocky = next(sq for sq in garden if sq["token"] == "rocky")
    con = console()
    con.print(render_view(view))
    out = text_of(con)
    r, c = pot["at"]
    assert re.search(rf"\br{r + 1} ", out) and re.search(rf"\bc{c + 1}\b", out)  # the pot's row and column
    assert "◆" in out  # the radish
    assert "●" + rocky["plant"][:2].capitalize() in out  # the Rocky on its plant
    assert "Don maceta" in out and "Rabamimo" in out
    assert "▶ seat" in out and "(you)" in out


def test_render_garden_rows_follow_the_move_labels():
    state = expansion_state_with_pot_radish_and_rocky()
    view = state.view(0)
    lines = render_garden(view["seats"][0], view).plain.splitlines()
    header = lines[0]
    rows = {line.split()[0]: line for line in lines[1:]}
    # every square sits under the labels its moves use: "at r2c3" is row r2, column c3
    for sq in view["seats"][0]["garden"]:
        r, c = sq["at"]
        at = header.index(f" c{c + 1}".rjust(4)) + 1
        cell = rows[f"r{r + 1}"][at:at + 3]
        if sq["token"] == "radish":
            assert cell == " ◆ "
        elif sq["token"] == "rocky" and sq["plant"]:
            assert cell == "●" + sq["plant"][:2].capitalize()
        elif sq["token"] == "rocky":  # a Rocky on an empty square (AB-T-3)
            assert cell == " ● "
        elif sq["plant"]:
            assert cell == sq["plant"][:3].capitalize()
        else:
            assert cell == " · "


def test_five_gardens_fit_a_100_column_terminal():
    game = load_game("aban", players=5, seed=6, options={"expansion": True})
    state = game.new_initial_state()
    bot = make_agent("random", seed=1)
    for _ in range(40):
        state.apply(bot.choose(state))
    con = console(width=100)
    con.print(render_view(state.view(2)))
    out = text_of(con)
    assert all(len(line) <= 100 for line in out.splitlines())
    assert out.count("c1  c2  c3  c4") == 5  # no garden squeezed into wrapping
    assert "seat 2 (you)" in out


def test_render_solo_track_and_square_numbers():
    game = load_game("aban", players=1, seed=2)
    state = game.new_initial_state()
    state.apply(state.legal_actions()[0])
    con = console()
    con.print(render_view(state.view(0)))
    out = text_of(con)
    assert "Ko'bachan:" in out and "⊗" in out and "✖" in out
    assert re.search(r"r1 +3 +4 +5 +6", out)  # empty squares show their dig numbers
    assert "your garden" in out and "Espino" not in out
