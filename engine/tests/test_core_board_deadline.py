"""The board at every step and the deadline (engine/core/board.py, engine/core/deadline.py)."""

from __future__ import annotations

import pytest

from engine.core import Rule, TraceRecorder
from engine.core import board
from engine.core.deadline import DeadlineExceeded, check, deadline, remaining
from engine.core.trace import Budget

RULE = Rule("doc", "1.1")


class BoardTests:

    def test_diff_then_apply_gives_the_new_board_for_nested_changes(self):
        old = {"players": {"p1": {"life": 20}}, "objects": {"a": {"zone": "hand", "counters": {}}}, "chain": []}
        new = {"players": {"p1": {"life": 17}}, "objects": {"a": {"zone": "battlefield", "counters": {"+1/+1": 1}}},
               "chain": ["s1"]}
        assert board.apply(old, board.diff(old, new)) == new
        assert board.apply(new, board.diff(new, old)) == old

    def test_identical_values_give_no_operations(self):
        value = {"objects": {"a": {"zone": "hand"}}}
        assert board.diff(value, value) == []
        assert board.diff(value, {"objects": {"a": {"zone": "hand"}}}) == []

    def test_keys_with_slashes_are_escaped(self):
        ops = board.diff({"objects": {}}, {"objects": {"a/b~c": 1}})
        assert ops == [{"op": "add", "path": "/objects/a~1b~0c", "value": 1}]
        assert board.apply({"objects": {}}, ops) == {"objects": {"a/b~c": 1}}

    def test_a_replace_of_a_missing_key_is_refused(self):
        with pytest.raises(KeyError):
            board.apply({"objects": {}}, [{"op": "replace", "path": "/objects/x", "value": 1}])

    def test_boards_gives_the_board_after_each_step(self):
        steps = [{"board": [{"op": "replace", "path": "/life", "value": 3}]}, {}, {"board": [{"op": "replace", "path": "/life", "value": 1}]}]
        assert board.boards({"life": 5}, steps) == [{"life": 3}, {"life": 3}, {"life": 1}]


class RecorderBoardTests:
    @staticmethod
    def _recorder(catalogue_ids=("t.step",)):
        from engine.core.trace import MessageCatalogue

        catalogue = MessageCatalogue()
        catalogue.register({message_id: "step" for message_id in catalogue_ids})
        return TraceRecorder(catalogue=catalogue)

    def test_each_sync_puts_the_change_on_the_step_before_it(self):
        recorder = self._recorder()
        recorder.watch(lambda s: {"life": s}, 20)
        recorder.sync(18)  # before any step: the initial board itself
        recorder.record("life", "t.step", RULE)
        recorder.sync(15)
        recorder.record("priority", "t.step", RULE)
        recorder.sync(15)
        steps = recorder.to_list()
        assert recorder.initial_board == {"life": 18}
        assert steps[0]["board"] == [{"op": "replace", "path": "/life", "value": 15}]
        assert "board" not in steps[1]

    def test_a_branch_follows_the_board_from_where_the_trace_is(self):
        recorder = self._recorder()
        recorder.watch(lambda s: {"life": s}, 20)
        recorder.record("life", "t.step", RULE)
        recorder.sync(10)
        child = recorder.branch()
        assert child.initial_board == {"life": 10} and child.depth == 1 and child.budget is recorder.budget
        child.record("life", "t.step", RULE)
        child.sync(4)
        assert child.to_list()[0]["board"] == [{"op": "replace", "path": "/life", "value": 4}]

    def test_a_branch_that_syncs_before_its_first_step_keeps_the_board_it_branched_from(self):
        # A branch resolving the whole document again syncs its start before recording a step:
        # its diffs still apply to the board at its choice step, not to the document's start.
        def board_of(state):
            return {"life": state[0], "zone": state[1]}

        recorder = self._recorder()
        recorder.watch(board_of, (20, "hand"))
        recorder.record("life", "t.step", RULE)
        recorder.sync((10, "field"))
        child = recorder.branch()
        child.watch(board_of, (20, "hand"))
        child.sync((20, "hand"))
        child.record("life", "t.step", RULE)
        child.sync((4, "hand"))
        assert child.initial_board == {"life": 10, "zone": "field"}
        assert child.to_list()[0]["board"] == [{"op": "replace", "path": "/life", "value": 4},
                                               {"op": "replace", "path": "/zone", "value": "hand"}]

    def test_past_the_size_cap_no_more_diffs_are_kept_and_it_says_so(self):
        recorder = TraceRecorder(Budget(board_ops=3), catalogue=self._recorder()._catalogue)
        recorder.watch(lambda s: {"a": s, "b": s, "c": s, "d": s}, 0)
        recorder.record("x", "t.step", RULE)
        recorder.sync(1)
        assert "board" not in recorder.to_list()[0]
        assert recorder.budget.board_complete is False

    def test_without_watch_sync_does_nothing(self):
        recorder = self._recorder()
        recorder.record("x", "t.step", RULE)
        recorder.sync({"anything": 1})
        assert recorder.initial_board is None and "board" not in recorder.to_list()[0]


class DeadlineTests:
    def test_no_deadline_never_raises(self):
        with deadline(None):
            check("a loop")
            assert remaining() is None

    def test_past_the_deadline_check_names_what_grew(self):
        with deadline(0.0):
            with pytest.raises(DeadlineExceeded) as caught:
                check("dependency trials in layer 4 (250 effects)")
        assert caught.value.what == "dependency trials in layer 4 (250 effects)"
        assert str(caught.value) == "too complex to resolve within 0 s (dependency trials in layer 4 (250 effects))"

    def test_the_deadline_is_restored_after_the_block(self):
        with deadline(100.0):
            with deadline(None):
                assert remaining() is None
            assert remaining() > 99

    def test_recording_steps_checks_the_deadline(self):
        recorder = RecorderBoardTests._recorder()
        with deadline(0.0), pytest.raises(DeadlineExceeded):
            for _ in range(64):
                recorder.record("x", "t.step", RULE)
