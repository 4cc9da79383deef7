# Sourced by the scripts of this kit (README.md): where Wow's checkout, this build and wow-compat's jar are.
KIT=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
: "${WOW_SRC:?must name a checkout of the source of Wow (README.md)}"
OUT=${WOW_CHECK_OUT:-$KIT/target}
WOW_RT="$KIT/wow-api/target/wow-api-8.10.10.jar:$KIT/wow-core/target/wow-core-8.10.10.jar:$(cat "$KIT/target/runtime-cp.txt")"
TRANSFER_API="$KIT/transfer-api/target/transfer-api-8.10.10.jar"
WOW_COMPAT_JAR=${WOW_COMPAT_JAR:-$KIT/../../wow-compat-cli/target/wow-compat.jar}
