#include "ui/session/SessionFile.h"

#include "core/data/AtomicWrite.h"
#include "core/data/Errors.h"

#include <QFile>
#include <QFileInfo>
#include <QObject>

namespace rr::ui {
namespace {

[[noreturn]] void fail(const QString& message)
{
    throw InputError(message.toStdString());
}

} // namespace

SessionData captureSession(const AnalysisState& state)
{
    SessionData s;
    s.dataPaths = state.dataPaths();
    s.spec = state.spec();
    s.mode = state.mode();
    s.p = state.retentions();
    s.tau = state.tau();
    s.view = state.view();
    return s;
}

void restoreSession(AnalysisState& state, const SessionData& s)
{
    state.restore(s.dataPaths, s.spec, s.mode, s.p, s.tau, s.view);
}

void saveSessionFile(const SessionData& session, const QString& path)
{
    const QByteArray bytes = sessionToJson(session);
    writeBytesAtomically(path.toStdString(), std::string_view(bytes.constData(), std::size_t(bytes.size())));
}

SessionData loadSessionFile(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        fail(QObject::tr("cannot open session file %1: %2").arg(path, file.errorString()));
    if (file.size() > kMaxSessionFileBytes)
        fail(QObject::tr("session file %1 has %2 bytes, over the limit of %3 bytes for a session")
                 .arg(path)
                 .arg(file.size())
                 .arg(kMaxSessionFileBytes));
    const QByteArray bytes = file.read(kMaxSessionFileBytes);
    try {
        return sessionFromJson(bytes, QFileInfo(path).absolutePath());
    } catch (const InputError& e) {
        fail(QObject::tr("session file %1: %2").arg(path, QString::fromStdString(e.what())));
    }
}

} // namespace rr::ui
