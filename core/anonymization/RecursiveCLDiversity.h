#pragma once
#include "core/anonymization/PrivacyModel.h"

namespace rr {

// Recursive (c,l)-diversity (Machanavajjhala et al.; 003 Sec. 2.1.1): with r_1 >= r_2 >= ... >= r_m
// the sensitive value counts of a class, r_1 < c (r_l + r_{l+1} + ... + r_m). A class with fewer
// than l distinct values fails (the sum is empty). Monotone without suppression (Machanavajjhala
// et al., Theorem), not with suppression.
class RecursiveCLDiversity : public PrivacyModel {
public:
    RecursiveCLDiversity(double c, int l); // c > 0, l >= 1
    std::string name() const override;
    bool isAnonymous(const EquivalenceClass& e) const override;
    bool monotoneWithSuppression() const override { return false; }

private:
    double m_c;
    int m_l;
};

} // namespace rr
