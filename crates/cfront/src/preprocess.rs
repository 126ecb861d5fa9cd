//! Running the system preprocessor and mapping offsets of its output back to the user's files.

use crate::attrs::Attr;
use crate::{DiagKind, Diagnostic, Options};

/// The preprocessed text of a file (or of `text`, named `name`), with its GNU attributes
/// blanked out (lang-c rejects some placements of them) and the layout ones returned.
pub(crate) fn run(name: &str, text: Option<&str>, opts: &Options) -> Result<(String, Vec<Attr>), Diagnostic> {
    let mut pre = preprocessed(name, text, opts)?;
    let mut attrs = crate::attrs::strip(&mut pre);
    attrs.extend(crate::attrs::pragma_packs(&mut pre));
    Ok((pre, attrs))
}

/// The text the preprocessor makes of a file (or of `text`, named `name`) with the front
/// end's options: exactly what lowering reads (the gate hashes it for its cache key).
pub fn preprocessed(name: &str, text: Option<&str>, opts: &Options) -> Result<String, Diagnostic> {
    // An already preprocessed file (`.i`, as SV-COMP ships its tasks): its text is run through
    // the preprocessor once more (`gcc -E` alone prints nothing for a `.i`), as C, without the
    // predefined system macros (`linux`, `unix` would rewrite identifiers), and with its line
    // markers blanked, so that locations are the physical lines of the file the user gave
    // (where its snippet is shown and where witnesses point).
    let preprocessed_input;
    let (text, preprocessed) = match text {
        None if name.ends_with(".i") => {
            let t = std::fs::read_to_string(name)
                .map_err(|e| Diagnostic::new(name, 1, 1, format!("cannot read: {e}")).with_kind(DiagKind::Syntax))?;
            preprocessed_input = source::blank_line_markers(&t);
            (Some(preprocessed_input.as_str()), true)
        }
        _ => (text, false),
    };
    let mut cpp = source::Cpp::new(&opts.cpp);
    if preprocessed {
        cpp.args.push("-undef".into());
    }
    if opts.data_model == crate::DataModel::Ilp32 {
        // the headers choose `long`'s and pointers' limits and types by the target
        cpp.args.push("-m32".into());
    }
    // SIMD off: headers then take their scalar paths (xxhash in memcached's hash.c), instead
    // of vector intrinsics that slam cannot model and lang-c cannot parse (`(__v4sf){…}`).
    // Only the feature macros go (before the user's -D, which win): `-mno-sse` would also
    // switch float arithmetic to the x87 (`__FLT_EVAL_METHOD__` 2), which slam does not model.
    cpp.args.extend(SIMD_MACROS.iter().map(|m| format!("-U{m}")));
    // Likewise 128-bit integers, which slam does not model: headers that ask for them
    // (`__SIZEOF_INT128__`: xxhash's 64x64→128 multiply) take their portable paths.
    cpp.args.push("-U__SIZEOF_INT128__".into());
    // GNU's `__thread`, which lang-c does not know, is C11's `_Thread_local` (Redis's
    // per-thread counters); a check runs one thread
    cpp.args.push("-D__thread=_Thread_local".into());
    cpp.includes = opts.includes.clone();
    cpp.defines = opts.defines.clone();
    cpp.defines.push("__SLAM__=1".into());
    match text {
        Some(text) => cpp.run(source::Input::Text { name, text }),
        None => cpp.run(source::Input::File(std::path::Path::new(name))),
    }
}

/// The predefined macros that announce vector instruction sets (x86's MMX/SSE/AVX families,
/// ARM's NEON), undefined for preprocessing. `__SSE_MATH__`/`__SSE2_MATH__` stay: they say
/// how float arithmetic is done, which slam models as SSE does it.
const SIMD_MACROS: &[&str] = &[
    "__MMX__",
    "__MMX_WITH_SSE__",
    "__SSE__",
    "__SSE2__",
    "__SSE3__",
    "__SSSE3__",
    "__SSE4_1__",
    "__SSE4_2__",
    "__SSE4A__",
    "__AVX__",
    "__AVX2__",
    "__AVX512F__",
    "__FMA__",
    "__F16C__",
    "__ARM_NEON",
    "__ARM_NEON__",
    "__ALTIVEC__",
    "__VSX__",
];

/// Maps byte offsets of preprocessed text to (file, line, column) of the original source,
/// following the `# N "file"` line markers.
#[derive(Clone, Debug)]
pub struct LineMap {
    starts: Vec<usize>,
    /// Per preprocessed line: index into `files`, original line.
    lines: Vec<(u32, u32)>,
    pub files: Vec<String>,
    /// Insertions into the parsed text, ascending: (offset in the parsed text, length); the
    /// preprocessed text lacks those bytes (implicit `int`s, a prelude).
    inserted: Vec<(usize, usize)>,
}

impl LineMap {
    pub fn new(text: &str) -> LineMap {
        let mut starts = vec![];
        let mut lines = vec![];
        let mut files: Vec<String> = vec![];
        let mut cur_file = 0u32;
        let mut cur_line = 1u32;
        let mut off = 0;
        files.push(String::from("<input>"));
        for l in text.split_inclusive('\n') {
            starts.push(off);
            off += l.len();
            if let Some(m) = source::parse_marker(l) {
                lines.push((cur_file, cur_line));
                // `#line N` without a file keeps the current file
                if let Some(f) = m.file {
                    let idx = match files.iter().position(|x| *x == f) {
                        Some(i) => i,
                        None => {
                            files.push(f);
                            files.len() - 1
                        }
                    };
                    cur_file = idx as u32;
                }
                cur_line = m.line;
            } else {
                lines.push((cur_file, cur_line));
                cur_line += 1;
            }
        }
        LineMap { starts, lines, files, inserted: vec![] }
    }

    /// The map of the text with bytes inserted: (offset in the final text, length), ascending.
    pub(crate) fn with_insertions(mut self, at: Vec<(usize, usize)>) -> LineMap {
        self.inserted = at;
        self
    }

    /// The offset in the preprocessed text of an offset in the parsed text.
    pub(crate) fn original(&self, offset: usize) -> usize {
        let mut shift = 0;
        for &(p, len) in &self.inserted {
            if offset < p {
                break;
            }
            if offset < p + len {
                return p - shift;
            }
            shift += len;
        }
        offset - shift
    }

    /// (file, line, column) of a byte offset.
    pub fn locate(&self, offset: usize) -> (String, u32, u32) {
        let (f, l, c) = self.locate_idx(offset);
        (self.files[f as usize].clone(), l, c)
    }

    /// (file index, line, column) of a byte offset.
    pub fn locate_idx(&self, offset: usize) -> (u32, u32, u32) {
        let offset = self.original(offset);
        if self.starts.is_empty() {
            return (0, 1, 1);
        }
        let i = match self.starts.binary_search(&offset) {
            Ok(i) => i,
            Err(i) => i.saturating_sub(1),
        };
        let (f, l) = self.lines[i];
        (f, l, (offset.saturating_sub(self.starts[i]) + 1) as u32)
    }
}
