// The peer's side of bench/peer.py: richardschneider's bridge-scorer (npm) on the inputs bench/peer.py wrote.
//   node bench/peer/peer.js INPUT.json REPEATS  ->  one JSON object on stdout: each part's best and median
//   milliseconds (this process's own clock) and the figures bench/peer.py compares with Kalamazoo's.
'use strict';

const fs = require('fs');
const scorer = require('bridge-scorer');

const [input, repeatsArg] = process.argv.slice(2);
const data = JSON.parse(fs.readFileSync(input, 'utf8'));
const repeats = Number(repeatsArg || 5);

// A result [board, ns, ew, declarer, declarer's score] as the peer's game.
function games(results) {
    const byBoard = new Map();
    for (const [board, ns, ew, declarer, score] of results) {
        if (!byBoard.has(board)) byBoard.set(board, []);
        byBoard.get(board).push({ ns, ew, contract: { declaror: declarer }, score });
    }
    return [...byBoard.values()];
}

// Every board scored by ``method``, each pair's total summed (N-S and E-W apart) and each direction ranked.
function contest(boards, method, ns, ew) {
    const totals = { NS: new Map(), EW: new Map() };
    for (const board of boards) {
        method(board);
        for (const game of board) {
            totals.NS.set(game.ns, (totals.NS.get(game.ns) || 0) + game[ns].value);
            totals.EW.set(game.ew, (totals.EW.get(game.ew) || 0) + game[ew].value);
        }
    }
    const ranked = {};
    for (const side of ['NS', 'EW']) {
        ranked[side] = scorer.rank([...totals[side]].map(([pair, score]) => ({ pair, score })));
    }
    return ranked;
}

// A request as Kalamazoo takes it ({"contract": "4SX", "declarer": "N", "tricks": 10, "vulnerability": "NS"})
// read into the peer's contract (level, denomination, risk) and scored: the peer has no request parser, so
// this is what its user writes (no checks: the peer checks nothing).
function score77(obj) {
    const text = obj.contract;
    if (text === 'PASS') return 0;
    const risk = text.endsWith('XX') ? 'XX' : text.endsWith('X') ? 'X' : '';
    const contract = { level: text.charCodeAt(0) - 48, denomination: text.slice(1, text.length - risk.length), risk };
    const side = obj.declarer === 'N' || obj.declarer === 'S' ? 'NS' : 'EW';
    const vulnerable = obj.vulnerability === 'All' || obj.vulnerability === side;
    return scorer.contractTricks(contract, vulnerable, obj.tricks);
}

function law77(requests) {
    let sum = 0;
    for (const obj of requests) sum += score77(obj);
    return sum;
}

// Best and median of the runs, in milliseconds of this process's CPU time (a shared machine's load moves wall
// time; bench/peer.py times Kalamazoo the same way).
function timed(run, times_run = repeats) {
    const times = [];
    let result;
    for (let i = 0; i < times_run; i++) {
        const start = process.cpuUsage();
        result = run();
        const used = process.cpuUsage(start);
        times.push((used.user + used.system) / 1000);
    }
    times.sort((a, b) => a - b);
    return { best: times[0], median: times[Math.floor(times.length / 2)], result };
}

function part(results, method, ns, ew, shown, runs) {
    const boards = games(results);
    const scoring = timed(() => boards.forEach((board) => method(board)), runs);
    const run = timed(() => contest(boards, method, ns, ew), runs);
    const figures = {};
    for (const b of shown) {
        figures[b] = boards[b - 1].slice(0, 20).map((g) => [g[ns].value, g[ew].value]);
    }
    const top = run.result.NS.slice().sort((a, b) => a.pair - b.pair).slice(0, 20);
    return { best: run.best, median: run.median, boards_only: scoring.best, boards: figures, ns_totals: top.map((r) => [r.pair, r.score, r.rank]) };
}

const shown = data.shown;
const out = {
    version: require('bridge-scorer/package.json').version,
    node: process.version,
    // the same runs as Kalamazoo's (bench/peer.py python_side)
    matchpoints: part(data.large, scorer.matchpoints, 'matchpointsNS', 'matchpointsEW', shown, repeats),
    cross_imps: part(data.large, scorer.crossImps, 'impsNS', 'impsEW', shown, Math.max(1, Math.floor(repeats / 2))),
    cross_imps_small: part(data.small, scorer.crossImps, 'impsNS', 'impsEW', shown, repeats * 20),
    butler: part(data.large, scorer.butler, 'impsNS', 'impsEW', shown, repeats),
};
const deals = timed(() => law77(data.requests));
out.law77 = { best: deals.best, median: deals.median, scores: data.requests.slice(0, 200).map(score77) };
process.stdout.write(JSON.stringify(out) + '\n');
