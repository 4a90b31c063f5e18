#include "core/anonymization/RecursiveCLDiversity.h"

#include "core/data/Errors.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <sstream>

namespace rr {

RecursiveCLDiversity::RecursiveCLDiversity(double c, int l) : m_c(c), m_l(l)
{
    if (!std::isfinite(c) || c <= 0) {
        std::ostringstream os;
        os << "recursive (c,l)-diversity needs c > 0 (give --c), got " << c;
        throw InputError(os.str());
    }
    if (l < 1)
        throw InputError("recursive (c,l)-diversity needs l >= 1, got " + std::to_string(l));
}

std::string RecursiveCLDiversity::name() const
{
    std::ostringstream os;
    os << "recursive (" << m_c << "," << m_l << ")-diversity";
    return os.str();
}

bool RecursiveCLDiversity::isAnonymous(const EquivalenceClass& e) const
{
    std::vector<double> r;
    for (double n : e.sensitive)
        if (n > 0)
            r.push_back(n);
    if (static_cast<int>(r.size()) < m_l)
        return false;
    std::sort(r.begin(), r.end(), std::greater<>());
    double tail = 0;
    for (std::size_t i = static_cast<std::size_t>(m_l - 1); i < r.size(); ++i)
        tail += r[i];
    return r[0] < m_c * tail;
}

} // namespace rr
