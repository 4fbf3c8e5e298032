#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: &str| {
    if let Err(broken) = kursus_fuzz::extjson(input) {
        panic!("{broken}\ninput: {input:?}");
    }
});
