#include "core/anonymization/KAnonymity.h"

#include "core/data/Errors.h"

#include <cmath>
#include <sstream>

namespace rr {

KAnonymity::KAnonymity(double k) : m_k(k)
{
    if (!std::isfinite(k) || k < 1) {
        std::ostringstream os;
        os << "k-anonymity needs k >= 1, got " << k;
        throw InputError(os.str());
    }
}

std::string KAnonymity::name() const
{
    std::ostringstream os;
    os << m_k << "-anonymity";
    return os.str();
}

bool KAnonymity::isAnonymous(const EquivalenceClass& c) const
{
    return c.size >= m_k - 1e-9;
}

} // namespace rr
