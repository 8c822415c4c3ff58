using System;

namespace LibShogi
{
    /// <summary>The library's status codes (shogi_status_t).</summary>
    public enum Status
    {
        Ok = 0,
        InvalidArgument = -1,
        NullPointer = -2,
        BadHandle = -3,
        BufferTooSmall = -4,
        Parse = -5,
        IllegalMove = -6,
        State = -7,
        IO = -8,
        Unsupported = -9,
        Internal = -100,
    }

    /// <summary>An error reported by libshogi. <see cref="Exception.Message"/>
    /// is the library's own message; <see cref="Status"/> its code.</summary>
    public class ShogiException : Exception
    {
        public Status Status { get; private set; }

        public ShogiException(Status status, string message) : base(message)
        {
            Status = status;
        }

        /// <summary>The exception type for a status code: the most specific
        /// subclass there is.</summary>
        public static ShogiException FromStatus(Status status, string message)
        {
            switch (status)
            {
                case Status.InvalidArgument:
                case Status.NullPointer:
                    return new ShogiArgumentException(status, message);
                case Status.BadHandle:
                    return new ShogiBadHandleException(message);
                case Status.Parse:
                    return new ShogiParseException(message);
                case Status.IllegalMove:
                    return new IllegalMoveException(message);
                case Status.State:
                    return new ShogiStateException(message);
                case Status.IO:
                    return new ShogiIOException(message);
                case Status.Unsupported:
                    return new ShogiUnsupportedException(message);
                case Status.Internal:
                    return new ShogiInternalException(message);
                default:
                    return new ShogiException(status, message);
            }
        }
    }

    /// <summary>SHOGI_E_INVALID_ARGUMENT or SHOGI_E_NULL_POINTER.</summary>
    public class ShogiArgumentException : ShogiException
    {
        public ShogiArgumentException(Status status, string message) : base(status, message) { }
    }

    /// <summary>SHOGI_E_BAD_HANDLE: the object was freed or is of another kind.</summary>
    public class ShogiBadHandleException : ShogiException
    {
        public ShogiBadHandleException(string message) : base(Status.BadHandle, message) { }
    }

    /// <summary>SHOGI_E_PARSE: text (SFEN, USI move, file) could not be parsed.</summary>
    public class ShogiParseException : ShogiException
    {
        public ShogiParseException(string message) : base(Status.Parse, message) { }
    }

    /// <summary>SHOGI_E_ILLEGAL_MOVE: a well-formed move that is not legal here.</summary>
    public class IllegalMoveException : ShogiException
    {
        public IllegalMoveException(string message) : base(Status.IllegalMove, message) { }
    }

    /// <summary>SHOGI_E_STATE: the object does not allow the call now
    /// (undo with nothing to undo, a second search on a busy engine ...).</summary>
    public class ShogiStateException : ShogiException
    {
        public ShogiStateException(string message) : base(Status.State, message) { }
    }

    /// <summary>SHOGI_E_IO: a file could not be read or written.</summary>
    public class ShogiIOException : ShogiException
    {
        public ShogiIOException(string message) : base(Status.IO, message) { }
    }

    /// <summary>SHOGI_E_UNSUPPORTED: not available in this build or on this CPU.</summary>
    public class ShogiUnsupportedException : ShogiException
    {
        public ShogiUnsupportedException(string message) : base(Status.Unsupported, message) { }
    }

    /// <summary>SHOGI_E_INTERNAL: a panic inside the library, recovered. The
    /// object involved is poisoned: dispose of it.</summary>
    public class ShogiInternalException : ShogiException
    {
        public ShogiInternalException(string message) : base(Status.Internal, message) { }
    }

    // The caller-owned shogi_error_t as a pinned byte array.
    internal static class Errors
    {
        internal const int MessageSize = 256;            // SHOGI_ERROR_MESSAGE_SIZE
        internal const int StructSize = 4 + MessageSize; // int32_t code + message

        internal static byte[] New()
        {
            return new byte[StructSize];
        }

        internal static void Check(int status, byte[] err)
        {
            if (status != 0)
                throw Create(status, err);
        }

        internal static ShogiException Create(int status, byte[] err)
        {
            string message = err != null ? Utf8.Decode(err, 4, MessageSize) : "";
            if (message.Length == 0)
                message = Library.StatusName((Status)status);
            return ShogiException.FromStatus((Status)status, message);
        }
    }
}
