#include "core/anonymization/DistinctLDiversity.h"

#include "core/data/Errors.h"

namespace rr {

DistinctLDiversity::DistinctLDiversity(int l) : m_l(l)
{
    if (l < 1)
        throw InputError("distinct l-diversity needs l >= 1, got " + std::to_string(l));
}

std::string DistinctLDiversity::name() const
{
    return "distinct " + std::to_string(m_l) + "-diversity";
}

bool DistinctLDiversity::isAnonymous(const EquivalenceClass& c) const
{
    int distinct = 0;
    for (double n : c.sensitive)
        if (n > 0)
            ++distinct;
    return distinct >= m_l;
}

} // namespace rr
