//! C's memory is bytes: programs that look at objects through other types, copy them byte by
//! byte, pun unions, lay structs out for the network, or turn pointers into integers and
//! back — compiled by gcc -O0 (x86-64, and i386 with `-m32` where marked) and run by the
//! C-- interpreter, whose outcomes (the value returned by `main`, or the line of the
//! `reach_error()` reached) must agree. Undefined behaviour (a read past an object's bytes)
//! must stop the interpreter, whatever gcc's executable happens to do.

use cminus::interp::Outcome;
use cminus::DataModel;
use std::path::{Path, PathBuf};
use std::process::Command;

fn gcc_available() -> bool {
    Command::new("gcc").arg("--version").output().map(|o| o.status.success()).unwrap_or(false)
}

fn harness() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/progs/harness.h")
}

/// The outcome of gcc's executable of `src` (`None` when gcc is missing, or `-m32` cannot
/// link on this machine).
fn gcc_outcome(name: &str, src: &str, dm: DataModel) -> Option<String> {
    if !gcc_available() {
        return None;
    }
    let dir = std::env::temp_dir().join(format!("slam-bytes-{}-{name}-{dm:?}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let c = dir.join("t.c");
    std::fs::write(&c, src).unwrap();
    let exe = dir.join("t");
    let mut cmd = Command::new("gcc");
    cmd.args(["-O0", "-w", "-fwrapv", "-include"]).arg(harness()).arg("-Dreach_error()=__reach_error(__LINE__)");
    if dm == DataModel::Ilp32 {
        cmd.arg("-m32");
    }
    let st = cmd.arg(&c).arg("-o").arg(&exe).output().unwrap();
    if !st.status.success() {
        let _ = std::fs::remove_dir_all(&dir);
        assert!(dm == DataModel::Ilp32, "gcc failed on {name}: {}", String::from_utf8_lossy(&st.stderr));
        return None;
    }
    let out = Command::new(&exe).output().expect("run");
    let _ = std::fs::remove_dir_all(&dir);
    let stdout = String::from_utf8_lossy(&out.stdout);
    if let Some(l) = stdout.lines().find(|l| l.starts_with("ERROR ")) {
        return Some(l.to_string());
    }
    Some(match out.status.code() {
        Some(c) => format!("RET {c}"),
        None => "HALT".to_string(),
    })
}

fn lower(src: &str, dm: DataModel) -> cminus::Program {
    let opts = cfront::Options { data_model: dm, ..cfront::Options::default() };
    let p = cfront::lower_str("t.c", src, &opts).unwrap_or_else(|d| panic!("{d:?}"));
    assert!(p.validate().is_empty(), "{:?}", p.validate());
    p
}

fn interp_outcome(p: &cminus::Program) -> String {
    let r = cminus::interp::run(p, &[], 1_000_000);
    match r.outcome {
        Outcome::Error { stmt, .. } => format!("ERROR {}", p.stmt_ref(stmt).unwrap().loc.line),
        Outcome::Returned(v) => format!("RET {}", v.unwrap_or(0) & 0xff),
        Outcome::Halt { .. } => "HALT".into(),
        o => format!("{o:?}"),
    }
}

/// `src` agrees with gcc (LP64, and ILP32 when `ilp32`); `want` is what gcc gives on x86-64
/// (checked too, so the test says something when gcc is missing).
fn agrees(name: &str, src: &str, want: &str, ilp32: bool) {
    let models: &[DataModel] = if ilp32 { &[DataModel::Lp64, DataModel::Ilp32] } else { &[DataModel::Lp64] };
    for &dm in models {
        let i = interp_outcome(&lower(src, dm));
        if dm == DataModel::Lp64 {
            assert_eq!(i, want, "{name}: the interpreter");
        }
        if let Some(g) = gcc_outcome(name, src, dm) {
            assert_eq!(i, g, "{name} ({dm:?}): the interpreter and gcc differ");
        }
    }
}

/// The interpreter stops `src` as undefined behaviour (not as unmodelled), for `why`.
fn undefined(src: &str, why: &str) {
    let p = lower(src, DataModel::Lp64);
    match cminus::interp::run(&p, &[], 100_000).outcome {
        Outcome::Stuck { reason, unmodelled: false, .. } if reason.contains(why) => {}
        o => panic!("expected undefined behaviour ({why}), got {o:?}"),
    }
}

#[test]
fn a_char_array_read_through_an_unsigned_pointer() {
    let src = "int main(void) {\n  unsigned char b[4] = {1, 2, 0, 0};\n  unsigned *p = (unsigned *)(void *)b;\n  if (*p == 0x0201u) reach_error();\n  return 0;\n}\n";
    agrees("char_as_unsigned", src, "ERROR 4", true);
}

#[test]
fn an_unsigned_written_through_a_char_pointer() {
    let src = "int main(void) {\n  unsigned x = 0x11223344u;\n  unsigned char *c = (unsigned char *)&x;\n  c[1] = 0;\n  if (x == 0x11220044u) reach_error();\n  return c[3];\n}\n";
    agrees("unsigned_via_char", src, "ERROR 5", true);
}

#[test]
fn four_bytes_read_from_a_one_byte_object_is_undefined() {
    let src = "int main(void) {\n  char t = 7;\n  unsigned *q = (unsigned *)(void *)&t;\n  if (*q != 7u) reach_error();\n  return 0;\n}\n";
    undefined(src, "read of 4 bytes at offset 0 of a 1-byte object");
    let heap = "#include <stdlib.h>\nint main(void) {\n  int *p = malloc(3 * sizeof(int));\n  if (!p) return 0;\n  p[3] = 1;\n  return 0;\n}\n";
    undefined(heap, "write of 4 bytes at offset 12 of a 12-byte object");
    let dangling = "int *f(void) { int x = 3; return &x; }\nint main(void) {\n  int *p = f();\n  return *p;\n}\n";
    undefined(dangling, "after its procedure returned");
}

#[test]
fn pointers_compare_as_unsigned_addresses() {
    let src = "int main(void) {\n  void *lo = 0, *hi = (void *)-1;\n  if (hi > lo) reach_error();\n  return 0;\n}\n";
    agrees("ptr_order", src, "ERROR 3", true);
    let within = "int main(void) {\n  int a[10];\n  int *p = &a[7], *q = &a[2];\n  if (p - q == 5 && p > q && q + 5 == p && &a[10] - a == 10) reach_error();\n  return 0;\n}\n";
    agrees("ptr_within", within, "ERROR 4", true);
}

#[test]
fn unions_read_through_any_member() {
    let float_int = "union U { int i; float f; };\nint main(void) {\n  union U u;\n  u.f = 1.0f;\n  if (u.i == 0x3f800000) reach_error();\n  return 0;\n}\n";
    agrees("union_float", float_int, "ERROR 5", true);
    let chars = "union B { unsigned int i; unsigned char c[4]; };\nint main(void) {\n  union B b;\n  b.i = 0x11223344;\n  if (b.c[1] == 0x33 && b.c[3] == 0x11) reach_error();\n  return 0;\n}\n";
    agrees("union_chars", chars, "ERROR 5", true);
    let structs = "struct P { short a; short b; };\nunion V { int x; struct P s; };\nint main(void) {\n  union V v = {.s = {1, 2}};\n  if (v.x == 0x20001) reach_error();\n  v.x = -1;\n  return v.s.b + 7;\n}\n";
    agrees("union_struct", structs, "ERROR 5", true);
    let back = "union V { long long x; struct { int lo, hi; } s; double d; };\nint main(void) {\n  union V v;\n  v.s.lo = 1; v.s.hi = 2;\n  if (v.x != 0x200000001LL) return 1;\n  v.d = 2.0;\n  return v.s.hi >> 24;\n}\n";
    agrees("union_back", back, "RET 64", true);
}

#[test]
fn a_struct_copied_by_a_char_loop_keeps_its_pointer() {
    let src = "struct S { int a; int *p; char c; double d; };\nint main(void) {\n  int target = 42;\n  struct S s = {1, &target, 'x', 2.5};\n  struct S t;\n  unsigned char *src = (unsigned char *)&s, *dst = (unsigned char *)&t;\n  for (unsigned i = 0; i < sizeof s; i++) dst[i] = src[i];\n  *t.p += 1;\n  if (target == 43 && t.a == 1 && t.c == 'x' && t.d == 2.5) reach_error();\n  return 0;\n}\n";
    agrees("char_copy", src, "ERROR 9", true);
    // the pointer's bytes read as integers are its address
    let bytes = "int main(void) {\n  int x;\n  int *p = &x;\n  unsigned char *b = (unsigned char *)&p;\n  unsigned long v = 0;\n  for (int i = (int)sizeof p - 1; i >= 0; i--) v = v << 8 | b[i];\n  if (v == (unsigned long)p) reach_error();\n  return 0;\n}\n";
    agrees("ptr_bytes", bytes, "ERROR 7", true);
}

#[test]
fn bit_fields_are_bits() {
    let src = "struct B { unsigned a : 3; unsigned b : 5; signed c : 4; unsigned d : 12; _Bool e : 1; unsigned f : 7; };\nunion U { struct B s; unsigned u; unsigned char c[4]; };\nint main(void) {\n  union U x;\n  x.u = 0;\n  x.s.a = 5; x.s.b = 17; x.s.c = -3; x.s.d = 0xabc; x.s.e = 1; x.s.f = 100;\n  if (x.s.c != -3 || x.s.d != 0xabc) return 1;\n  x.c[1] ^= 0x5a;\n  unsigned h = x.u ^ (x.u >> 8) ^ (x.u >> 16) ^ (x.u >> 24);\n  return (h + x.s.c + x.s.d) & 0x7f;\n}\n";
    let want = gcc_outcome("bitfields_want", src, DataModel::Lp64);
    agrees("bitfields", src, want.as_deref().unwrap_or(&interp_outcome(&lower(src, DataModel::Lp64))), true);
}

#[test]
fn network_byte_order_over_a_struct() {
    let src = "struct hdr { unsigned short type; unsigned short len; unsigned int seq; };\nint main(void) {\n  struct hdr h;\n  h.type = 0x0102; h.len = 0x0304; h.seq = 0x05060708;\n  unsigned char *b = (unsigned char *)&h;\n  unsigned be = (unsigned)b[0] << 24 | b[1] << 16 | b[2] << 8 | b[3];\n  unsigned seq = (unsigned)b[4] << 24 | b[5] << 16 | b[6] << 8 | b[7];\n  if (be == 0x02010403u && seq == 0x08070605u) reach_error();\n  return 0;\n}\n";
    agrees("network", src, "ERROR 8", true);
    // a struct over a byte buffer
    let over = "struct hdr { unsigned short type; unsigned short len; unsigned int seq; };\nint main(void) {\n  _Alignas(8) unsigned char buf[16] = {0};\n  struct hdr *h = (struct hdr *)buf;\n  h->type = 0x1234; h->seq = 7;\n  *(unsigned *)(buf + 9) = 0xdeadbeef;\n  if (buf[0] == 0x34 && buf[1] == 0x12 && buf[4] == 7 && buf[10] == 0xbe) reach_error();\n  return 0;\n}\n";
    agrees("struct_over_buf", over, "ERROR 7", true);
}

#[test]
fn addresses_round_trip_and_allocations_are_aligned() {
    let src = "#include <stdlib.h>\nstruct item { int key; struct link { struct link *next; } link; };\nint main(void) {\n  char *p = malloc(3);\n  if (p && (unsigned long)p % 16) reach_error();\n  int x = 5;\n  unsigned long u = (unsigned long)&x;\n  int *q = (int *)u;\n  struct item it = {9, {0}};\n  struct link *l = &it.link;\n  struct item *back = (struct item *)((char *)l - __builtin_offsetof(struct item, link));\n  if (*q == 5 && back->key == 9 && (void *)&it == (void *)&it.key) return 3;\n  return 0;\n}\n";
    agrees("round_trip", src, "RET 3", true);
    let alloc = "#include <stdlib.h>\n#include <string.h>\nint main(void) {\n  unsigned char *p = calloc(4, 2);\n  if (!p) return 0;\n  p[7] = 9;\n  unsigned char *r = realloc(p, 16);\n  if (!r) return 0;\n  r[15] = 1;\n  return r[7] + r[0];\n}\n";
    agrees("alloc", alloc, "RET 9", true);
}

#[test]
fn pointers_through_unions_and_integers() {
    let src = "int g = 4;\nunion UP { int *p; unsigned long u; };\nint main(void) {\n  union UP x;\n  x.p = &g;\n  if (x.u == (unsigned long)&g && *(int *)x.u == 4) reach_error();\n  return 0;\n}\n";
    agrees("union_ptr", src, "ERROR 6", true);
}

#[test]
fn a_replay_takes_only_addresses_a_run_can_have() {
    use cminus::interp::{run_replay, Ask, Event};
    let src = "#include <stdlib.h>\nint main(void) {\n  char *p = malloc(3);\n  int x;\n  if (p && (unsigned long)p % 16) reach_error();\n  if ((unsigned long)&x == 64) return 2;\n  return 0;\n}\n";
    let p = lower(src, DataModel::Lp64);
    let replay = |addrs: &[i64]| {
        let mut k = 0;
        let mut oracle = |e: &Event| match e.ask {
            Ask::Address => {
                k += 1;
                addrs.get(k - 1).copied().unwrap_or(0)
            }
            _ => 0,
        };
        run_replay(&p, &mut oracle, &|_| None, 1000).outcome
    };
    // the model's address for the allocation must be 16-aligned: 40 is no address malloc gives
    match replay(&[40]) {
        Outcome::Stuck { reason, unmodelled: false, .. } => assert!(reason.contains("not 16-aligned"), "{reason}"),
        o => panic!("{o:?}"),
    }
    // an aligned one is taken; `x` (4-aligned) may be at 64, but not inside the allocation
    assert_eq!(replay(&[48, 64]).outcome_value(), Some(2));
    match replay(&[64, 66]) {
        Outcome::Stuck { reason, .. } => assert!(reason.contains("overlaps") || reason.contains("aligned"), "{reason}"),
        o => panic!("{o:?}"),
    }
    // 0: the interpreter makes the addresses up
    assert_eq!(replay(&[]).outcome_value(), Some(0));
}

trait Value {
    fn outcome_value(&self) -> Option<i128>;
}
impl Value for Outcome {
    fn outcome_value(&self) -> Option<i128> {
        match self {
            Outcome::Returned(v) => *v,
            _ => None,
        }
    }
}
