// kvc/suites/namespace_isolation_under.hpp - the old path of this suite: it is defined by its spec.
#pragma once

#include <kvc/specs/cache_namespace.hpp>
