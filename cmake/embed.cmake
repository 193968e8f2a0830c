# embed.cmake - write a text file into a C source file as a NUL-terminated array,
# so that the library carries it (e.g. a schema) without reading files at run time.
#
#   cmake -DINPUT=in.xsd -DOUTPUT=out.c -DNAME=symbol -P cmake/embed.cmake
#
# defines `const unsigned char NAME[]` (the bytes, then a NUL) and
# `const size_t NAME_len` (the byte count without the NUL). Bytes are written as
# numbers rather than as a string literal: ISO C only promises 4095-character
# literals, and -Wpedantic says so.
foreach(var INPUT OUTPUT NAME)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "embed.cmake: -D${var}=... is required")
  endif()
endforeach()

file(READ "${INPUT}" hex HEX)
string(LENGTH "${hex}" digits)
math(EXPR size "${digits} / 2")
string(REPEAT "[0-9a-f]" 32 row)
string(REGEX REPLACE "(${row})" "\\1\n" hex "${hex}")       # 16 bytes a row
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
string(REPLACE "\n" "\n    " bytes "${bytes}")
get_filename_component(input_name "${INPUT}" NAME)

file(WRITE "${OUTPUT}.tmp"
  "/* Generated from ${input_name} by cmake/embed.cmake: do not edit. */\n"
  "#include <stddef.h>\n\n"
  "const unsigned char ${NAME}[] = {\n    ${bytes}0x00};\n"
  "const size_t ${NAME}_len = ${size};\n")
file(RENAME "${OUTPUT}.tmp" "${OUTPUT}")
