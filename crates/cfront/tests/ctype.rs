//! `<ctype.h>` in the "C" locale (cfront `lower/ctype.rs`): glibc's class macros and the
//! functions become ranges of ASCII, the tables' other uses glibc's tables, and a program
//! that may change its locale keeps the functions external.

fn printed(src: &str) -> String {
    let p = cfront::lower_str("t.c", src, &cfront::Options::default()).unwrap_or_else(|d| panic!("{d:?}\n{src}"));
    assert!(p.validate().is_empty(), "{:?}", p.validate());
    cminus::print::print_program(&p, &cminus::print::PrintOptions::default())
}

#[test]
fn the_class_macro_is_a_range_of_ascii_and_unknown_outside_the_table() {
    let text = printed("#include <ctype.h>\nint main(void) { int c = 53; return isdigit(c) != 0; }");
    assert!(text.contains("(int)(c >= 48 && c <= 57) * 2048"), "{text}");
    assert!(text.contains("assume(!(c >= -128 && c <= 255));\n  __t0 := __slam_clobbered_i32(0);"), "{text}");
    assert!(!text.contains("__ctype_b_loc"), "{text}");
    // several ranges, and the function called by name as the regression tests declare it
    let text = printed("int isxdigit(int c);\nint main(void) { return isxdigit('f'); }");
    assert!(
        text.contains("(int)(102 >= 48 && 102 <= 57 || 102 >= 65 && 102 <= 70 || 102 >= 97 && 102 <= 102) * 4096"),
        "{text}"
    );
}

#[test]
fn tolower_is_arithmetic_and_the_tables_are_glibcs() {
    let text = printed("#include <ctype.h>\nint main(void) { int c = 'Q'; return tolower(c); }");
    assert!(text.contains("(int)(c + (int)(c >= 65 && c <= 90) * 32 + (int)(c >= -128 && c <= -2) * 256)"), "{text}");
    let text = printed("#include <ctype.h>\nint main(void) { return (*__ctype_b_loc())['a'] == 0; }");
    assert!(text.contains("ushort __slam_ctype_b_table[384] = {"), "{text}");
    assert!(text.contains("ushort *__slam_ctype_b = &__slam_ctype_b_table[128];"), "{text}");
}

#[test]
fn a_program_that_sets_its_locale_keeps_the_functions_external() {
    let text = printed(
        "#include <ctype.h>\n#include <locale.h>\n\
         int main(void) { setlocale(LC_ALL, \"\"); return isalpha('a') + tolower('A'); }",
    );
    assert!(text.contains("__ctype_b_loc()"), "{text}");
    assert!(text.contains("tolower("), "{text}");
    assert!(!text.contains("__slam_ctype"), "{text}");
}
