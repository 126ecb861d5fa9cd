//! What to check: C files from files, directories and `compile_commands.json`, each with the
//! flags it is compiled with.

use std::path::{Path, PathBuf};

/// One translation unit: one program to check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unit {
    /// The file, as found (absolute when the input was).
    pub file: PathBuf,
    /// The name in reports: relative to the project root with `/` separators.
    pub name: String,
    pub includes: Vec<PathBuf>,
    pub defines: Vec<String>,
    /// `-include FILE`: headers included before the first line.
    pub forced: Vec<PathBuf>,
}

impl Unit {
    /// The front end's options for this unit, as its checks get them (`-I`, `-D`, the data
    /// model, and `thread_roots`: `pthread_create` starts nothing in an entry's check, in
    /// units mode as in a whole program). `forced` headers are not among them: the checks do
    /// not read them.
    pub fn front_options(&self, ilp32: bool) -> cfront::Options {
        cfront::Options {
            includes: self.includes.clone(),
            defines: self.defines.clone(),
            data_model: if ilp32 { cfront::DataModel::Ilp32 } else { cfront::DataModel::Lp64 },
            thread_roots: true,
            ..Default::default()
        }
    }
}

/// An input error, naming the file.
#[derive(Debug)]
pub struct InputError(pub String);

/// The name of `p` relative to `root`, with `/` separators.
pub fn display_name(p: &Path, root: &Path) -> String {
    let rel = p.strip_prefix(root).unwrap_or(p);
    let s: Vec<String> = rel.components().map(|c| c.as_os_str().to_string_lossy().into_owned()).collect();
    s.join("/")
}

/// Normalise `.` and `..` components without touching the file system.
pub fn clean(p: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in p.components() {
        match c {
            std::path::Component::CurDir => {}
            std::path::Component::ParentDir => {
                if !out.pop() {
                    out.push("..");
                }
            }
            other => out.push(other.as_os_str()),
        }
    }
    out
}

/// Every `*.c` file below `dir`, sorted.
fn walk(dir: &Path, out: &mut Vec<PathBuf>) -> Result<(), InputError> {
    let rd = std::fs::read_dir(dir).map_err(|e| InputError(format!("{}: {e}", dir.display())))?;
    let mut entries: Vec<PathBuf> = rd.filter_map(|e| e.ok().map(|e| e.path())).collect();
    entries.sort();
    for p in entries {
        let name = p.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        if name.starts_with('.') {
            continue; // .git, .slam-cache
        }
        if p.is_dir() {
            walk(&p, out)?;
        } else if name.ends_with(".c") {
            out.push(p);
        }
    }
    Ok(())
}

/// The C files named by files and directories.
pub fn from_paths(paths: &[PathBuf]) -> Result<Vec<PathBuf>, InputError> {
    let mut files = vec![];
    for p in paths {
        if p.is_dir() {
            walk(p, &mut files)?;
        } else if p.is_file() {
            files.push(p.clone());
        } else {
            return Err(InputError(format!("{}: no such file or directory", p.display())));
        }
    }
    Ok(files)
}

/// Split a shell command line (as in `compile_commands.json`'s `command`): whitespace
/// separates words; single and double quotes and backslashes quote.
pub fn shell_words(s: &str) -> Vec<String> {
    let mut out = vec![];
    let mut cur = String::new();
    let mut in_word = false;
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        match c {
            '\'' => {
                in_word = true;
                for d in chars.by_ref() {
                    if d == '\'' {
                        break;
                    }
                    cur.push(d);
                }
            }
            '"' => {
                in_word = true;
                while let Some(d) = chars.next() {
                    match d {
                        '"' => break,
                        '\\' => {
                            if let Some(e) = chars.next() {
                                cur.push(e);
                            }
                        }
                        _ => cur.push(d),
                    }
                }
            }
            '\\' => {
                in_word = true;
                if let Some(e) = chars.next() {
                    cur.push(e);
                }
            }
            c if c.is_whitespace() => {
                if in_word {
                    out.push(std::mem::take(&mut cur));
                    in_word = false;
                }
            }
            c => {
                in_word = true;
                cur.push(c);
            }
        }
    }
    if in_word {
        out.push(cur);
    }
    out
}

/// The flags of one compiler invocation that change what the program is: `-I`, `-isystem`,
/// `-iquote`, `-D`, `-U` (dropped), `-include`.
fn flags(args: &[String], dir: &Path) -> (Vec<PathBuf>, Vec<String>, Vec<PathBuf>) {
    let (mut inc, mut def, mut forced) = (vec![], vec![], vec![]);
    let rel = |s: &str| clean(&dir.join(s));
    let mut i = 0;
    while i < args.len() {
        let a = args[i].as_str();
        let next = args.get(i + 1).map(String::as_str);
        let mut take2 = |v: &mut Vec<_>, f: &dyn Fn(&str) -> _| {
            if let Some(n) = next {
                v.push(f(n));
            }
            i += 1;
        };
        match a {
            "-I" | "-isystem" | "-iquote" | "-idirafter" => take2(&mut inc, &|n| rel(n)),
            "-D" => {
                if let Some(n) = next {
                    def.push(n.to_string());
                }
                i += 1;
            }
            "-include" => take2(&mut forced, &|n| rel(n)),
            _ if a.starts_with("-I") => inc.push(rel(&a[2..])),
            _ if a.starts_with("-isystem") => inc.push(rel(&a[8..])),
            _ if a.starts_with("-D") => def.push(a[2..].to_string()),
            _ => {}
        }
        i += 1;
    }
    (inc, def, forced)
}

/// A file of a compilation database with its `-I`, `-D` and `-include` flags.
pub type DbEntry = (PathBuf, Vec<PathBuf>, Vec<String>, Vec<PathBuf>);

/// The C files of a `compile_commands.json` with their flags, in file order (duplicates
/// keep their first entry).
pub fn from_compile_commands(path: &Path) -> Result<Vec<DbEntry>, InputError> {
    let text = std::fs::read_to_string(path).map_err(|e| InputError(format!("{}: {e}", path.display())))?;
    let v: serde_json::Value = serde_json::from_str(&text).map_err(|e| {
        InputError(format!("{}:{}:{}: error: not a compilation database: {e}", path.display(), e.line(), e.column()))
    })?;
    let arr = v.as_array().ok_or_else(|| {
        InputError(format!("{}: error: a compilation database is a JSON array of commands", path.display()))
    })?;
    let base = path.parent().map(Path::to_path_buf).unwrap_or_default();
    let mut out: Vec<DbEntry> = vec![];
    for (n, e) in arr.iter().enumerate() {
        let bad = |what: &str| InputError(format!("{}: error: entry {n}: {what}", path.display()));
        let dir = e.get("directory").and_then(|d| d.as_str()).ok_or_else(|| bad("no \"directory\""))?;
        let dir = if Path::new(dir).is_absolute() { PathBuf::from(dir) } else { clean(&base.join(dir)) };
        let file = e.get("file").and_then(|d| d.as_str()).ok_or_else(|| bad("no \"file\""))?;
        let args: Vec<String> = if let Some(a) = e.get("arguments").and_then(|a| a.as_array()) {
            a.iter().map(|x| x.as_str().unwrap_or_default().to_string()).collect()
        } else if let Some(c) = e.get("command").and_then(|c| c.as_str()) {
            shell_words(c)
        } else {
            return Err(bad("neither \"arguments\" nor \"command\""));
        };
        let file = clean(&dir.join(file));
        if file.extension().and_then(|x| x.to_str()) != Some("c") {
            continue;
        }
        if out.iter().any(|(f, ..)| f == &file) {
            continue;
        }
        let (inc, def, forced) = flags(&args, &dir);
        out.push((file, inc, def, forced));
    }
    Ok(out)
}

/// Does `name` (a `/`-separated relative path) match the glob `pat`? `*` matches within a
/// path component, `**` across components, `?` one character. A pattern without `/` matches
/// the file name anywhere; a pattern naming a directory matches everything below it.
pub fn glob_match(pat: &str, name: &str) -> bool {
    let pat = pat.trim_start_matches("./").trim_end_matches('/');
    if !pat.contains('/') {
        return name.split('/').any(|c| glob_seg(pat.as_bytes(), c.as_bytes()));
    }
    let p: Vec<&str> = pat.split('/').collect();
    let n: Vec<&str> = name.split('/').collect();
    glob_path(&p, &n) || (1..n.len()).any(|k| glob_path(&p, &n[..k]))
}

fn glob_path(p: &[&str], n: &[&str]) -> bool {
    match p.split_first() {
        None => n.is_empty(),
        Some((&"**", rest)) => (0..=n.len()).any(|k| glob_path(rest, &n[k..])),
        Some((first, rest)) => !n.is_empty() && glob_seg(first.as_bytes(), n[0].as_bytes()) && glob_path(rest, &n[1..]),
    }
}

fn glob_seg(p: &[u8], s: &[u8]) -> bool {
    match p.split_first() {
        None => s.is_empty(),
        Some((b'*', rest)) => (0..=s.len()).any(|k| glob_seg(rest, &s[k..])),
        Some((b'?', rest)) => !s.is_empty() && glob_seg(rest, &s[1..]),
        Some((c, rest)) => s.first() == Some(c) && glob_seg(rest, &s[1..]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn globs() {
        assert!(glob_match("legacy", "drivers/legacy/a.c"));
        assert!(glob_match("*_test.c", "drivers/x_test.c"));
        assert!(glob_match("drivers/*.c", "drivers/a.c"));
        assert!(!glob_match("drivers/*.c", "drivers/sub/a.c"));
        assert!(glob_match("drivers/**/*.c", "drivers/sub/a.c"));
        assert!(glob_match("drivers/**/*.c", "drivers/a.c"));
        assert!(glob_match("drivers/sub", "drivers/sub/a.c"));
        assert!(!glob_match("a?.c", "a.c"));
    }

    #[test]
    fn words_and_flags() {
        let w = shell_words(r#"cc -c -I inc -Iother "-DNAME=\"x y\"" -D 'V=1' -include cfg.h -o a.o a.c"#);
        assert_eq!(w[4], "-Iother");
        assert_eq!(w[5], "-DNAME=\"x y\"");
        let (i, d, f) = flags(&w, Path::new("/p"));
        assert_eq!(i, vec![PathBuf::from("/p/inc"), PathBuf::from("/p/other")]);
        assert_eq!(d, vec!["NAME=\"x y\"".to_string(), "V=1".to_string()]);
        assert_eq!(f, vec![PathBuf::from("/p/cfg.h")]);
    }
}
