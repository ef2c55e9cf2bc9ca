"""The peer comparison of ``make bench`` (bench/peer.py): both sides score the same inputs and agree; a figure
changed is caught.  Skipped where node or the peer (``npm ci --prefix bench/peer``) is missing."""

from __future__ import annotations

import copy
import json
import shutil
import subprocess
from pathlib import Path

import pytest

from bench import peer

NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(
    NODE is None or not (peer.PEER / "node_modules" / "bridge-scorer").is_dir(),
    reason="node or bench/peer/node_modules missing",
)


def test_both_sides_agree_and_a_changed_figure_is_caught(tmp_path: Path) -> None:
    data = peer.inputs(tables=26, deals=300)
    path = tmp_path / "inputs.json"
    path.write_text(json.dumps(data))
    done = subprocess.run(
        [str(NODE), str(peer.PEER / "peer.js"), str(path), "1"], capture_output=True, text=True, check=True
    )
    theirs = json.loads(done.stdout)
    ours = peer.python_side(data, 1)
    assert theirs["version"] == "2.4.0"
    assert peer.differences(data, ours, theirs) == []
    assert ours["matchpoints"]["ns_totals"][0][1] > 0
    changed = copy.deepcopy(theirs)
    changed["cross_imps_small"]["boards"]["13"][2][0] += 0.5
    changed["law77"]["scores"][7] += 10
    found = peer.differences(data, ours, changed)
    assert len(found) == 2
    assert found[0].startswith("cross_imps_small board 13 line 3")
    assert found[1].startswith("law 77 deal 8")
