#pragma once
// The generator of a randomized release (randomize, basket randomize): a seed gives a reproducible run, for
// exploration and never for release; without one, ChaCha20 streams of libsodium keyed from the operating
// system's CSPRNG, for release.
#include "core/randomization/RandomSource.h"

#include <cstdint>
#include <optional>

namespace rr::api {

struct GeneratorChoice {
    std::optional<std::uint64_t> seed; // none: secure

    bool secure() const { return !seed; }
};

RandomSource generatorOf(const GeneratorChoice& choice);

} // namespace rr::api
