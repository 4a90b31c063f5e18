#include "core/anonymization/EntropyLDiversity.h"

#include "core/data/Errors.h"

#include <cmath>
#include <sstream>

namespace rr {

EntropyLDiversity::EntropyLDiversity(double l) : m_l(l), m_logL(std::log(l))
{
    if (!std::isfinite(l) || l < 1) {
        std::ostringstream os;
        os << "entropy l-diversity needs l >= 1, got " << l;
        throw InputError(os.str());
    }
}

std::string EntropyLDiversity::name() const
{
    std::ostringstream os;
    os << "entropy " << m_l << "-diversity";
    return os.str();
}

double sensitiveEntropy(const EquivalenceClass& c)
{
    if (c.size <= 0)
        return 0;
    double h = 0;
    for (double n : c.sensitive)
        if (n > 0) {
            const double p = n / c.size;
            h -= p * std::log(p);
        }
    return h;
}

// A class with exactly l equally frequent values has entropy log l up to rounding: accept it.
bool EntropyLDiversity::isAnonymous(const EquivalenceClass& c) const
{
    return sensitiveEntropy(c) >= m_logL - 1e-12;
}

} // namespace rr
