//! Reading back a file this program wrote (a checkpoint, a task log) without
//! trusting its size: the first line, a header of bounded length, says how
//! many tasks the file covers and so how long it can be, and nothing past
//! that is read, whatever the file holds (`/dev/zero`, one endless line, a
//! file that grew by mistake).

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::Path;

/// A file opened for a bounded read, its first line read.
pub(crate) struct Headed {
    reader: BufReader<File>,
    /// The bytes read so far: the first line (with its newline), at most
    /// the header's bound.
    pub(crate) bytes: Vec<u8>,
}

/// Opens `path` and reads its first line, at most `header_max` bytes;
/// `None` if there is no such file.
pub(crate) fn open(path: &Path, header_max: usize) -> io::Result<Option<Headed>> {
    let file = match File::open(path) {
        Ok(file) => file,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e),
    };
    let mut reader = BufReader::new(file);
    let mut bytes = Vec::new();
    Read::by_ref(&mut reader)
        .take(header_max as u64)
        .read_until(b'\n', &mut bytes)?;
    Ok(Some(Headed { reader, bytes }))
}

impl Headed {
    /// Reads the rest of the file into `bytes`, as long as the whole stays
    /// within `limit` bytes; `false` if the file is longer (then only
    /// `limit + 1` bytes were read).
    pub(crate) fn read_rest(&mut self, limit: u64) -> io::Result<bool> {
        let room = (limit + 1).saturating_sub(self.bytes.len() as u64);
        Read::by_ref(&mut self.reader)
            .take(room)
            .read_to_end(&mut self.bytes)?;
        Ok(self.bytes.len() as u64 <= limit)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_no_more_than_the_bounds() {
        let path = std::env::temp_dir().join(format!("nq-bounded-{}", std::process::id()));
        std::fs::write(&path, "header\nline 1\nline 2\n").unwrap();
        let mut f = open(&path, 100).unwrap().unwrap();
        assert_eq!(f.bytes, b"header\n");
        assert!(f.read_rest(21).unwrap());
        assert_eq!(f.bytes, b"header\nline 1\nline 2\n");
        let mut f = open(&path, 3).unwrap().unwrap();
        assert_eq!(f.bytes, b"hea");
        assert!(!f.read_rest(10).unwrap());
        assert_eq!(f.bytes.len(), 11);
        std::fs::remove_file(&path).unwrap();
        assert!(open(&path, 3).unwrap().is_none());
    }
}
