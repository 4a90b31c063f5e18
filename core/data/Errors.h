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

// The system failed a read or write the input was right to ask for (a full disk, an I/O error):
// not the user's mistake, so the CLI maps it to exit code 1.
class IoError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// The user stopped the work (a progress callback returned false).
class Cancelled : public std::runtime_error {
public:
    explicit Cancelled(const std::string& what = "cancelled") : std::runtime_error(what) {}
};

// How long work asks whether to go on: throws Cancelled(what) when `keepRunning` is set and returns false.
template <class KeepRunning>
void stopIfAsked(const KeepRunning& keepRunning, const char* what = "stopped")
{
    if (keepRunning && !keepRunning())
        throw Cancelled(what);
}

} // namespace rr
