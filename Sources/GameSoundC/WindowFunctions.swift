// SPDX-License-Identifier: Zlib
import AudioSession
import CGameSoundABI
import GameSound

/// Tells the runtime what the game's window is doing: the app's lifecycle on the desktop
/// (``GameSoundRuntime/windowChanged(_:)``). Added in 1.1.
///
/// - Parameters:
///   - rt: The runtime.
///   - window: `GS_WINDOW_FOCUSED`, `GS_WINDOW_UNFOCUSED` or `GS_WINDOW_HIDDEN`.
/// - Returns: `GS_OK`, or `GS_ERR_INVALID_ARGUMENT` (no `GS_WINDOW_` value; nothing changes),
///   `GS_ERR_NULL_POINTER`, `GS_ERR_INVALID_HANDLE`.
@c public func gs_window_changed(_ rt: OpaquePointer?, _ window: Int32) -> Int32 {
    cCall { () throws(CFailure) -> Int32 in
        let function = "gs_window_changed"
        let states: [Int32: WindowState] = [GS_WINDOW_FOCUSED: .focused, GS_WINDOW_UNFOCUSED: .unfocused, GS_WINDOW_HIDDEN: .hidden]
        guard let state = states[window] else {
            throw CFailure(.invalidArgument, "\(function): \(window) is not a GS_WINDOW_ value")
        }
        try RuntimeRegistry.shared.entry(for: rt, in: function).runtime.windowChanged(state)
        return ResultCode.ok.rawValue
    }
}

/// Where the app stands in its lifecycle. Added in 1.1.
///
/// - Parameter rt: The runtime.
/// - Returns: `GS_APP_FOREGROUND`, `GS_APP_BACKGROUND` or `GS_APP_SUSPENDED`, or
///   `GS_ERR_NULL_POINTER`, `GS_ERR_INVALID_HANDLE`.
@c public func gs_app_state(_ rt: OpaquePointer?) -> Int32 {
    cCall { () throws(CFailure) -> Int32 in
        switch try RuntimeRegistry.shared.entry(for: rt, in: "gs_app_state").runtime.appState {
        case .foreground: GS_APP_FOREGROUND
        case .background: GS_APP_BACKGROUND
        case .suspended: GS_APP_SUSPENDED
        }
    }
}
