#pragma once
#include <stdexcept>
#include <string>

namespace rr {

// Bad input from the user (file, option, parameter): the CLI maps it to exit code 2.
class InputError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// A computation that cannot proceed (e.g. a domain too large for memory).
class DomainError : public InputError {
public:
    using InputError::InputError;
};

} // namespace rr
