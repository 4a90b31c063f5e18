#pragma once
// A count of records in the owner's messages: "24,354" (past 1e15, where no table reaches, "1.23e+15").
#include <string>

namespace rr {

std::string countText(double n);

} // namespace rr
