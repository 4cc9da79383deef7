def log = new File(basedir, 'build.log').text
assert log.contains('BUILD SUCCESS')
assert log.contains('wow-compat: check skipped (wow-compat.skip).')
assert !log.contains('field-removed')
assert !new File(basedir, 'target/wow-compat').exists()
true
