//! The trial players see what a player sees on the board: every screw, covered or not, shows its
//! colour (dimmed through its plate), except a hidden screw, which shows '?' until it is tapped. What a
//! player model may read is `GameSim::is_known` (and `revealed_mask`): these tests pin that it is
//! exactly that, and that no model's choice depends on a colour it cannot see.

use std::sync::Arc;

use screwsmith_rules::level::{parse_file, LevelData};
use screwsmith_rules::rng::Rng;
use screwsmith_rules::sim::{CompiledLevel, GameSim, Status};
use screwsmith_solver::competent::Competent;
use screwsmith_solver::human::Human;
use screwsmith_solver::trial::{trial_seed, IxMove, Strategy};

fn shipped() -> Vec<LevelData> {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../levels/levels.json"
    ))
    .unwrap();
    parse_file(&text).unwrap().levels
}

#[test]
fn covered_screws_are_known_and_hidden_ones_are_not() {
    let (mut covered_known, mut hidden) = (0, 0);
    for level in shipped() {
        let sim = GameSim::from_level(level.clone()).unwrap();
        for (i, s) in level.screws.iter().enumerate() {
            let i = i as u8;
            assert_eq!(
                sim.is_known(i),
                !s.hidden,
                "level {} screw {}",
                level.number,
                s.id
            );
            covered_known += (!sim.is_accessible(i) && !s.hidden) as u32;
            hidden += s.hidden as u32;
        }
    }
    assert!(
        covered_known > 100 && hidden > 10,
        "{covered_known} covered, {hidden} hidden"
    );
}

/// The level with the colours of its hidden screws `a` and `b` swapped (the colour counts, and so
/// the crate queue, stay the same).
fn swapped(level: &LevelData, a: usize, b: usize) -> LevelData {
    let mut l = level.clone();
    let (ca, cb) = (l.screws[a].color, l.screws[b].color);
    l.screws[a].color = cb;
    l.screws[b].color = ca;
    l
}

/// Plays `player` on both boards in lockstep while neither swapped screw is known; returns the number of
/// moves compared, or the first point where the two boards' players choose differently.
fn same_choices(
    x: &LevelData,
    y: &LevelData,
    a: u8,
    b: u8,
    player: &mut impl Strategy,
) -> Result<usize, String> {
    let mut compared = 0;
    for t in 0..24 {
        let seed = trial_seed(x.seed, t);
        let mut sx = GameSim::new(Arc::new(CompiledLevel::new(x.clone()).unwrap()));
        let mut sy = GameSim::new(Arc::new(CompiledLevel::new(y.clone()).unwrap()));
        let (mut rx, mut ry) = (Rng::new(seed), Rng::new(seed));
        while sx.status() == Status::Playing && !sx.is_known(a) && !sx.is_known(b) {
            let (mut lx, mut ly): (Vec<IxMove>, Vec<IxMove>) = (Vec::new(), Vec::new());
            sx.for_each_legal(|i, w| lx.push((i, w)));
            sy.for_each_legal(|i, w| ly.push((i, w)));
            assert_eq!(lx, ly, "level {}: the same moves are legal", x.number);
            let (mx, my) = (
                player.pick(&sx, &lx, &mut rx),
                player.pick(&sy, &ly, &mut ry),
            );
            if mx != my {
                return Err(format!(
                    "level {} trial {t}: a hidden colour changed the choice",
                    x.number
                ));
            }
            sx.play(mx.0, mx.1).unwrap();
            sy.play(my.0, my.1).unwrap();
            compared += 1;
        }
    }
    Ok(compared)
}

#[test]
fn no_player_model_reads_a_hidden_colour() {
    let mut compared = 0;
    for level in shipped() {
        let hidden: Vec<usize> = (0..level.screws.len())
            .filter(|&i| level.screws[i].hidden)
            .collect();
        let Some((a, b)) = hidden.iter().enumerate().find_map(|(k, &a)| {
            hidden[k + 1..]
                .iter()
                .find(|&&b| level.screws[b].color != level.screws[a].color)
                .map(|&b| (a, b))
        }) else {
            continue;
        };
        let other = swapped(&level, a, b);
        let queue = |l: &LevelData| CompiledLevel::new(l.clone()).unwrap().queue().to_vec();
        if queue(&level) != queue(&other) {
            continue; // an explicit queue names colours: not a like-for-like board
        }
        let (a, b) = (a as u8, b as u8);
        compared += same_choices(&level, &other, a, b, &mut Human::default()).unwrap();
        compared += same_choices(&level, &other, a, b, &mut Competent::default()).unwrap();
    }
    assert!(compared > 500, "{compared} choices compared");
}

/// The breaking case: a player that peeks at a hidden screw's colour is caught by the lockstep.
#[test]
fn a_player_that_peeks_is_caught() {
    struct Peeker;
    impl Strategy for Peeker {
        fn pick(&mut self, sim: &GameSim, legal: &[IxMove], _: &mut Rng) -> IxMove {
            // The legal move whose screw has the lowest colour, hidden or not.
            *legal
                .iter()
                .min_by_key(|&&(i, _)| sim.level().screws()[i as usize].color)
                .unwrap()
        }
    }
    let caught = shipped().iter().any(|level| {
        let hidden: Vec<usize> = (0..level.screws.len())
            .filter(|&i| level.screws[i].hidden)
            .collect();
        hidden.iter().enumerate().any(|(k, &a)| {
            hidden[k + 1..].iter().any(|&b| {
                level.screws[a].color != level.screws[b].color
                    && same_choices(level, &swapped(level, a, b), a as u8, b as u8, &mut Peeker)
                        .is_err()
            })
        })
    });
    assert!(
        caught,
        "swapping hidden colours changes a peeking player's choice somewhere"
    );
}
