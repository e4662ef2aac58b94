// tests/exploration_admission.cpp - kvc::explore on the admission suites: kvc's contracts pass,
// every known-bad implementation of the descriptors is rejected by exploration alone.
#include <doctest/doctest.h>

#include <kvc/descriptors/append_admission.hpp>
#include <kvc/descriptors/batch_admission.hpp>
#include <kvc/descriptors/request_admission.hpp>
#include <kvc/explore.hpp>

#include "exploration_support.hpp"

TEST_CASE("exploration rejects every known-bad append admission") {
  const auto found = kvc_test::explore_descriptor(kvc::verification::append_admission_contract);
  MESSAGE("append_admission descriptor: " << found.suites << " suites, " << found.mutants
                                          << " mutants, " << found.mutants_missed << " missed");
  CHECK(found.suites >= 2);
  CHECK(found.mutants_missed == 0);
}

TEST_CASE("exploration rejects every known-bad batch admission") {
  const auto found = kvc_test::explore_descriptor(kvc::verification::batch_admission_contract);
  MESSAGE("batch_admission descriptor: " << found.suites << " suites, " << found.mutants
                                         << " mutants, " << found.mutants_missed << " missed");
  CHECK(found.suites >= 2);
  CHECK(found.mutants_missed == 0);
}

TEST_CASE("exploration rejects every known-bad request admission") {
  const auto found = kvc_test::explore_descriptor(kvc::verification::request_admission_contract);
  MESSAGE("request_admission descriptor: " << found.suites << " suites, " << found.mutants
                                           << " mutants, " << found.mutants_missed << " missed");
  CHECK(found.suites >= 2);
  CHECK(found.mutants_missed == 0);
}
