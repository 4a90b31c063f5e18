#include "core/api/Generator.h"

namespace rr::api {

RandomSource generatorOf(const GeneratorChoice& choice)
{
    return choice.seed ? RandomSource::seeded(*choice.seed) : RandomSource::secure();
}

} // namespace rr::api
