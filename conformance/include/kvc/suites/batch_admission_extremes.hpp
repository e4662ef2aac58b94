// kvc/suites/batch_admission_extremes.hpp - the old path of this suite: it is defined by its spec.
#pragma once

#include <kvc/specs/batch_admission.hpp>
