def log = new File(basedir, 'build.log').text
assert log.contains('BUILD SUCCESS') : 'skipped builds pass'
assert log.contains('wow-compat: check skipped (wow-compat.skip).') : 'the skip is logged'
assert log.contains('wow-compat: manifest skipped (wow-compat.skip).') : 'the manifest goal is skipped too'
assert !log.contains('field-removed') : 'nothing was checked'
assert !new File(basedir, 'target/wow-compat').exists() : 'nothing was written'
true
