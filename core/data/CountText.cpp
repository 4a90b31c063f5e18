#include "core/data/CountText.h"

#include <sstream>

namespace rr {

std::string countText(double n)
{
    if (!(n < 1e15)) { // past what a long long holds exactly (and past any real table)
        std::ostringstream os;
        os.precision(3);
        os << n;
        return os.str();
    }
    const std::string digits = std::to_string(static_cast<long long>(n + 0.5));
    std::string out;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0)
            out += ',';
        out += digits[i];
    }
    return out;
}

} // namespace rr
