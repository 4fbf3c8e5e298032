#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: &str| {
    if let Err(broken) = kursus_fuzz::dynamo_key_condition(input) {
        panic!("{broken}\ninput: {input:?}");
    }
});
