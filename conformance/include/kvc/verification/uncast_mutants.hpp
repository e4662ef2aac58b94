// kvc/verification/uncast_mutants.hpp - a bracket for mutants written as engines write them, with
// no cast: their builds do not enable -Wsign-compare or -Wsign-conversion, so neither may stop such
// a mutant compiling here. Put KVC_UNCAST_MUTANTS_BEGIN before the mutants and
// KVC_UNCAST_MUTANTS_END after them.
#pragma once

#if defined(__GNUC__)
#define KVC_UNCAST_MUTANTS_BEGIN                                                                   \
  _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wsign-compare\"")            \
      _Pragma("GCC diagnostic ignored \"-Wsign-conversion\"")                                    \
          _Pragma("GCC diagnostic ignored \"-Wtype-limits\"")
#define KVC_UNCAST_MUTANTS_END _Pragma("GCC diagnostic pop")
#else
#define KVC_UNCAST_MUTANTS_BEGIN
#define KVC_UNCAST_MUTANTS_END
#endif
