//! A validated level turned into bitmasks once, so every tap is a handful of AND/OR instructions.
//! Screws and parts are addressed by index (file order); ids are kept for the outside world.

use std::collections::BTreeMap;

use crate::cells::{cell_bit, Mask, MAX_HEIGHT, MAX_WIDTH};
use crate::level::validate::{check_locks, is_accounting, validate, validate_all, MAX_LAYERS};
use crate::level::{LevelData, LevelError, Problem, ScrewKind};

use super::crates::crate_queue;

/// A screw, compiled.
#[derive(Debug, Clone, PartialEq)]
pub struct ScrewInfo {
    pub id: u16,
    /// Index into [`CompiledLevel::parts`].
    pub part: u8,
    pub layer: u8,
    /// Cell bit on the board.
    pub cell: Mask,
    pub xy: [u8; 2],
    /// Palette colour.
    pub color: u8,
    pub kind: ScrewKind,
    pub hidden: bool,
    /// Index of the screw holding this screw's key (its `locked_by`), when it has a lock.
    pub key: Option<u8>,
    /// The screws this screw holds the keys of: the locks its removal opens.
    pub locks: Mask,
    /// A countdown bomb's starting count.
    pub bomb: Option<u8>,
    /// Cells the part covers when this screw is the only one left: its hang pose, or the rest pose
    /// when none was authored.
    pub hang: Mask,
}

/// A part, compiled.
#[derive(Debug, Clone, PartialEq)]
pub struct PartInfo {
    pub id: u16,
    pub layer: u8,
    pub rest: Mask,
    /// Indices of its screws, as a screw mask. Zero for a fixed frame.
    pub screws: Mask,
}

/// The immutable, shareable form of a level that [`super::GameSim`] plays. Only [`CompiledLevel::new`]
/// builds one (fields crate-private), so every instance passed validation and its masks agree with its
/// data.
#[derive(Debug, Clone, PartialEq)]
pub struct CompiledLevel {
    pub(crate) data: LevelData,
    pub(crate) screws: Vec<ScrewInfo>,
    pub(crate) parts: Vec<PartInfo>,
    /// Part indices per layer.
    pub(crate) parts_by_layer: [Vec<u8>; MAX_LAYERS as usize],
    /// The crate queue by palette colour.
    pub(crate) queue: Vec<u8>,
    /// All screw bits.
    pub(crate) all_screws: Mask,
    /// Screw bits per kind: rusty, bolt.
    pub(crate) rusty: Mask,
    pub(crate) bolts: Mask,
    /// Screws with a lock.
    pub(crate) locked: Mask,
    /// Bomb screws by index, in file order (a bomb's rank here is where its counter lives), and as a mask.
    pub(crate) bombs: Vec<u8>,
    pub(crate) bomb_mask: Mask,
    /// Screws per layer and cell (index `layer * CELLS + cell`): which screws a change of one cell's
    /// cover on that layer uncovers or covers, so [`super::GameSim`] keeps its accessible set up to date
    /// without a pass over every screw.
    pub(crate) screws_at: Vec<Mask>,
    /// Cells holding a screw, per layer.
    pub(crate) screw_cells: [Mask; MAX_LAYERS as usize],
    screw_by_id: BTreeMap<u16, u8>,
    /// Screws per palette colour (palette indices are below 16): what a crate of that colour takes.
    pub(crate) colour_screws: [Mask; 16],
}

/// Cells on the largest board: the stride of [`CompiledLevel::screws_at`].
pub(crate) const CELLS: usize = MAX_WIDTH as usize * MAX_HEIGHT as usize;

impl CompiledLevel {
    /// Validates and compiles.
    pub fn new(data: LevelData) -> Result<Self, LevelError> {
        validate(&data)?;
        let queue = crate_queue(&data);
        Ok(Self::build(data, queue))
    }

    /// Compiles the board of a level whose only faults are colour accounting ones
    /// ([`crate::level::validate::is_accounting`]: a colour count that is not a multiple of 3, a queue
    /// that does not match), for the static analyses that read only parts, screws and poses (the
    /// buried-screw pass), so an editor can name a buried screw while a colour is still being counted.
    /// Its crate queue is empty: it is not a level to play. Every other fault is refused (the first).
    pub fn geometry(data: LevelData) -> Result<Self, LevelError> {
        if let Some(e) = validate_all(&data).into_iter().find(|e| !is_accounting(e)) {
            return Err(e);
        }
        Ok(Self::build(data, Vec::new()))
    }

    /// Compiles a level that passed the structural checks `geometry` needs (every non-accounting one).
    fn build(data: LevelData, queue: Vec<u8>) -> Self {
        let part_ix: BTreeMap<u16, u8> = data
            .parts
            .iter()
            .enumerate()
            .map(|(i, p)| (p.id, i as u8))
            .collect();
        let mask_of = |cells: &[[u8; 2]]| {
            cells
                .iter()
                .fold(0u128, |m, c| m | cell_bit(data.width, c[0], c[1]))
        };
        let mut parts: Vec<PartInfo> = data
            .parts
            .iter()
            .map(|p| PartInfo {
                id: p.id,
                layer: p.layer,
                rest: mask_of(&p.rest),
                screws: 0,
            })
            .collect();
        let mut screws = Vec::with_capacity(data.screws.len());
        let (mut rusty, mut bolts) = (0u128, 0u128);
        for (i, s) in data.screws.iter().enumerate() {
            let pi = part_ix[&s.part];
            let part = &data.parts[pi as usize];
            parts[pi as usize].screws |= 1u128 << i;
            let hang = part
                .hang
                .get(&s.id)
                .map(|c| mask_of(c))
                .unwrap_or(parts[pi as usize].rest);
            match s.kind {
                ScrewKind::Rusty => rusty |= 1u128 << i,
                ScrewKind::Bolt => bolts |= 1u128 << i,
                ScrewKind::Normal => {}
            }
            screws.push(ScrewInfo {
                id: s.id,
                part: pi,
                layer: part.layer,
                cell: cell_bit(data.width, s.cell[0], s.cell[1]),
                xy: s.cell,
                color: s.color,
                kind: s.kind,
                hidden: s.hidden,
                key: None,
                locks: 0,
                bomb: s.bomb,
                hang,
            });
        }
        let screw_by_id: BTreeMap<u16, u8> = data
            .screws
            .iter()
            .enumerate()
            .map(|(i, s)| (s.id, i as u8))
            .collect();
        let locked = link_locks(&data, &screw_by_id, &mut screws);
        let mut parts_by_layer: [Vec<u8>; MAX_LAYERS as usize] = Default::default();
        for (i, p) in parts.iter().enumerate() {
            parts_by_layer[p.layer as usize].push(i as u8);
        }
        let mut screws_at = vec![0; MAX_LAYERS as usize * CELLS];
        let mut screw_cells = [0; MAX_LAYERS as usize];
        for (i, s) in screws.iter().enumerate() {
            screws_at[s.layer as usize * CELLS + s.cell.trailing_zeros() as usize] |= 1u128 << i;
            screw_cells[s.layer as usize] |= s.cell;
        }
        let bombs: Vec<u8> = (0..screws.len() as u8)
            .filter(|&i| screws[i as usize].bomb.is_some())
            .collect();
        let bomb_mask = bombs.iter().fold(0u128, |m, &i| m | 1u128 << i);
        let mut colour_screws = [0u128; 16];
        for (i, s) in screws.iter().enumerate() {
            colour_screws[s.color as usize & 15] |= 1u128 << i;
        }
        let all_screws = if screws.len() == 128 {
            u128::MAX
        } else {
            (1u128 << screws.len()) - 1
        };
        CompiledLevel {
            queue,
            data,
            screws,
            parts,
            parts_by_layer,
            all_screws,
            rusty,
            bolts,
            locked,
            bombs,
            bomb_mask,
            screws_at,
            screw_cells,
            screw_by_id,
            colour_screws,
        }
    }

    /// Puts a lock on screw `screw` opened by the screw with id `key` (`None`: takes its lock off), as
    /// if the level had been compiled with it: the generator tries lock places by the dozen, and a lock
    /// changes nothing a level is checked for but its lock links, so only the lock checks run again.
    /// A fault (an unknown key, the screw itself, a cycle) leaves the level as it was.
    pub fn set_lock(&mut self, screw: u8, key: Option<u16>) -> Result<(), LevelError> {
        let i = screw as usize;
        let count = self.data.screws.len();
        let Some(s) = self.data.screws.get_mut(i) else {
            return Err(LevelError::Invalid {
                level: self.data.number,
                field: "screws".into(),
                problem: Problem::TooLarge {
                    value: i,
                    limit: count.saturating_sub(1),
                },
            });
        };
        let before = std::mem::replace(&mut s.locked_by, key);
        if let Err(e) = check_locks(&self.data) {
            self.data.screws[i].locked_by = before;
            return Err(e);
        }
        self.locked = link_locks(&self.data, &self.screw_by_id, &mut self.screws);
        Ok(())
    }

    /// The level as authored (validated).
    pub fn data(&self) -> &LevelData {
        &self.data
    }

    /// Screws in file order (index = screw index).
    pub fn screws(&self) -> &[ScrewInfo] {
        &self.screws
    }

    /// Parts in file order (index = part index).
    pub fn parts(&self) -> &[PartInfo] {
        &self.parts
    }

    /// Part indices per layer.
    pub fn parts_by_layer(&self) -> &[Vec<u8>; MAX_LAYERS as usize] {
        &self.parts_by_layer
    }

    /// The crate queue by palette colour.
    pub fn queue(&self) -> &[u8] {
        &self.queue
    }

    /// All screw bits.
    pub fn all_screws(&self) -> Mask {
        self.all_screws
    }

    /// Rusty screw bits.
    pub fn rusty(&self) -> Mask {
        self.rusty
    }

    /// Bolt bits.
    pub fn bolts(&self) -> Mask {
        self.bolts
    }

    /// Screws with a lock (open or not).
    pub fn locked(&self) -> Mask {
        self.locked
    }

    /// Bomb screws by index, in file order.
    pub fn bombs(&self) -> &[u8] {
        &self.bombs
    }

    /// Bomb screw bits.
    pub fn bomb_mask(&self) -> Mask {
        self.bomb_mask
    }

    /// Screw index of a screw id.
    pub fn screw_index(&self, id: u16) -> Option<u8> {
        self.screw_by_id.get(&id).copied()
    }

    /// Number of screws.
    pub fn screw_count(&self) -> usize {
        self.screws.len()
    }

    /// The highest layer any part lies on (what the camera must fit).
    pub fn max_layer(&self) -> u8 {
        self.parts.iter().map(|p| p.layer).max().unwrap_or(0)
    }
}

/// Links each locked screw to its key screw (`key`, and the key's `locks`) and gives back the locked
/// screws. The validator checked every key names a screw of the level (an unknown one stays unlocked
/// here rather than panic, should an unchecked level ever reach this).
fn link_locks(data: &LevelData, screw_by_id: &BTreeMap<u16, u8>, screws: &mut [ScrewInfo]) -> Mask {
    for s in screws.iter_mut() {
        s.key = None;
        s.locks = 0;
    }
    let mut locked = 0u128;
    for (i, s) in data.screws.iter().enumerate() {
        if let Some(k) = s.locked_by.and_then(|k| screw_by_id.get(&k).copied()) {
            screws[i].key = Some(k);
            screws[k as usize].locks |= 1u128 << i;
            locked |= 1u128 << i;
        }
    }
    locked
}
