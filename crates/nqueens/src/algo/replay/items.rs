//! Dancing links' exact cover: the primary items (rows and columns) not
//! covered with how many options each has left, and the items chosen on
//! the current path. The links themselves are not replayed: the item
//! sizes follow from which items are covered.

use super::{joined, lines, Replay};
use crate::sink::event::{Item, ItemKind};
use crate::words::plural;

impl Replay {
    /// Item `item`'s place in `covered`: rows, columns, diagonals, anti-diagonals.
    fn item_index(&self, item: Item) -> usize {
        let n = self.n;
        item.index
            + match item.kind {
                ItemKind::Row => 0,
                ItemKind::Column => n,
                ItemKind::Diagonal => 2 * n,
                ItemKind::AntiDiagonal => 4 * n - 1,
            }
    }

    /// Marks `items` covered or not.
    pub(super) fn set_covered(&mut self, items: &[Item], covered: bool) {
        for &item in items {
            let i = self.item_index(item);
            if let Some(slot) = self.covered.get_mut(i) {
                *slot = covered;
            }
        }
    }

    /// The primary items not covered, rows then columns (the item list's
    /// order), each with its options: the squares none of whose four items
    /// is covered.
    pub(super) fn item_sizes(&self) -> Vec<(Item, usize)> {
        let n = self.n;
        let free = |r: usize, c: usize| {
            ![r, n + c, 2 * n + (r + n - 1 - c), 4 * n - 1 + (r + c)]
                .iter()
                .any(|&i| self.covered[i])
        };
        let rows = (0..n).map(|r| Item {
            kind: ItemKind::Row,
            index: r,
        });
        let cols = (0..n).map(|c| Item {
            kind: ItemKind::Column,
            index: c,
        });
        rows.chain(cols)
            .filter(|&item| !self.covered[self.item_index(item)])
            .map(|item| {
                let options = (0..n)
                    .filter(|&k| match item.kind {
                        ItemKind::Row => free(item.index, k),
                        _ => free(k, item.index),
                    })
                    .count();
                (item, options)
            })
            .collect()
    }

    /// The item with the fewest options chosen, to be covered.
    pub(super) fn say_choose(
        &mut self,
        item: Item,
        options: usize,
        sizes: &[(Item, usize)],
    ) -> (String, Option<usize>) {
        let alg = self.algorithm;
        self.to_cover = Some(item);
        let depth = self.node(self.at).map_or(0, |t| t.depth);
        self.chosen.truncate(depth);
        self.chosen.push(item);
        // (The algorithm covers it next, without a step of its own: the
        // next step says so, and its counters hold the cover's writes.)
        let says = if options == 0 {
            format!("{item} has no options left: a dead end (covered and uncovered at the next step, then back up)")
        } else {
            let others = sizes.len().saturating_sub(1);
            format!(
                "choose {item}: the fewest options ({options}) of the {} primary items left, to be covered at the next step",
                others + 1
            )
        };
        (says, Some(lines::check(alg)))
    }

    /// `items` covered, `hidden` options hidden.
    pub(super) fn say_cover(&mut self, items: &[Item], hidden: u64) -> (String, Option<usize>) {
        let alg = self.algorithm;
        self.set_covered(items, true);
        let names: Vec<String> = items.iter().map(Item::to_string).collect();
        // The option tried is a square: its row and column are the item
        // chosen and one of those covered now.
        let (mut row, mut col) = (None, None);
        for item in items.iter().chain(self.chosen.last()) {
            match item.kind {
                ItemKind::Row => row = Some(item.index),
                ItemKind::Column => col = Some(item.index),
                _ => {}
            }
        }
        let chosen = match self.covered_now {
            Some(item) => format!("cover {item}; "),
            None => String::new(),
        };
        let tried = match (row, col) {
            (Some(r), Some(c)) => {
                format!("{chosen}try the option ({r}, {c}): cover its other items ")
            }
            _ => format!("{chosen}cover "),
        };
        (
            format!(
                "{tried}{}: {} hidden",
                names.join(", "),
                plural(u128::from(hidden), "option", "options")
            ),
            Some(lines::place(alg)),
        )
    }

    /// `items` uncovered, `restored` options back.
    pub(super) fn say_uncover(&mut self, items: &[Item], restored: u64) -> (String, Option<usize>) {
        let names: Vec<String> = items.iter().map(Item::to_string).collect();
        let item_done = items.len() == 1 && self.chosen.last() == items.first();
        if item_done {
            self.done_item = self.chosen.pop();
        }
        self.set_covered(items, false);
        // A dead end's item, covered at this step, is uncovered at once.
        let what = match self.covered_now {
            Some(item) if items == [item] => format!("cover {item} and uncover it"),
            _ => format!("uncover {}", names.join(", ")),
        };
        (
            format!(
                "{what}: {} back",
                plural(u128::from(restored), "option", "options")
            ),
            Some(if item_done { 6 } else { 5 }),
        )
    }

    /// [`Structure::Items`](super::Structure::Items) in text.
    pub(super) fn describe_items(
        &self,
        sizes: Vec<(String, usize)>,
        chosen: Vec<String>,
    ) -> Vec<String> {
        let mut out = Vec::new();
        let s: Vec<String> = sizes.iter().map(|(i, k)| format!("{i}:{k}")).collect();
        // The step that chooses an item shows it before it is covered (the
        // algorithm covers it next): said, as "cover it" read as done.
        // An item with no options is a dead end: the next step covers it
        // and uncovers it at once, so no step shows it covered.
        let pending = match self.to_cover {
            Some(item) if sizes.iter().any(|(i, k)| *i == item.to_string() && *k == 0) => {
                format!(" ({item} chosen: no options, covered and uncovered at the next step)")
            }
            Some(item) => format!(" ({item} chosen, covered at the next step)"),
            None => String::new(),
        };
        out.push(format!(
            "primary items uncovered{pending}, with their options: {}",
            joined(&s, " ", "none")
        ));
        out.push(format!(
            "chosen on this path: {}",
            joined(&chosen, " → ", "none")
        ));
        out
    }
}
